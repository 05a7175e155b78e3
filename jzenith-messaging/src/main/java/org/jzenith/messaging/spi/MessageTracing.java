package org.jzenith.messaging.spi;

import io.opentelemetry.api.trace.Span;

/**
 * A connector's spans for the messages it delivers: a consumer span per message, its parent read from
 * the message's headers the way the connector's broker carries trace context ({@code traceparent}),
 * started before the method is called and made current around it, so the method's own spans and sends
 * join the producer's trace. Thread-safe.
 */
@FunctionalInterface
public interface MessageTracing {

    /** Tracing nothing: a span that records nothing. */
    MessageTracing NONE = message -> Span.getInvalid();

    /** Starts the span of processing {@code message}; the layer ends it, recording a failure. */
    Span process(InboundMessage message);
}
