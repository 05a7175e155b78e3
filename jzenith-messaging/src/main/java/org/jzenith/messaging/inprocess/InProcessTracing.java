package org.jzenith.messaging.inprocess;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import org.jzenith.messaging.spi.InboundMessage;
import org.jzenith.messaging.spi.MessageTracing;

/**
 * The spans of in-process messages: a consumer span per message and consumer, a child of the context
 * that was current where the message was sent (a request's span for an emitter, the upstream's
 * consumer span for a processor's result), so a chain of in-process channels is one trace with no
 * headers to carry it. Thread-safe.
 */
final class InProcessTracing implements MessageTracing {

    private static final AttributeKey<String> SYSTEM = AttributeKey.stringKey("messaging.system");
    private static final AttributeKey<String> DESTINATION = AttributeKey.stringKey("messaging.destination.name");
    private static final AttributeKey<String> OPERATION = AttributeKey.stringKey("messaging.operation.type");

    private final Tracer tracer;

    InProcessTracing(final OpenTelemetry openTelemetry) {
        this.tracer = openTelemetry.getTracer("org.jzenith.messaging.inprocess");
    }

    @Override
    public Span process(final InboundMessage message) {
        final io.opentelemetry.context.Context parent = message instanceof InProcessInbound inbound
                ? inbound.sender()
                : io.opentelemetry.context.Context.root();
        return tracer.spanBuilder("process " + message.source())
                .setParent(parent)
                .setSpanKind(SpanKind.CONSUMER)
                .setAttribute(SYSTEM, "in-process")
                .setAttribute(DESTINATION, message.source())
                .setAttribute(OPERATION, "process")
                .startSpan();
    }
}
