package org.jzenith.core.spi.outbox;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import java.util.Optional;
import java.util.function.Supplier;
import org.jzenith.core.spi.tracing.Tracing;

/**
 * Captures, when an event is published, the trace context the relay's send will continue: the W3C
 * {@code traceparent} of the span current on the publishing thread (the request that changed the
 * data). A store keeps it with the event (a nullable column) and hands it back in {@link
 * OutboxRecord#traceParent()}. Stateless, thread-safe.
 *
 * <pre>{@code
 * private final Supplier<Optional<String>> traceParent = TraceParents.capture(openTelemetry); // once
 * ...
 * insert.bind("traceparent", traceParent.get().orElse(null));                                 // per publish
 * }</pre>
 */
public final class TraceParents {

    /** {@code traceparent} of version 00: {@code 00-<32 hex trace id>-<16 hex span id>-<2 hex flags>}. */
    public static final int LENGTH = 55;

    private static final Supplier<Optional<String>> NONE = Optional::empty;

    private TraceParents() {}

    /**
     * What to call at each publish: the current span's {@code traceparent} when {@code openTelemetry}
     * is a tracing plugin's, else a supplier that always answers empty and costs nothing.
     */
    public static Supplier<Optional<String>> capture(final OpenTelemetry openTelemetry) {
        return Tracing.enabled(openTelemetry) ? TraceParents::current : NONE;
    }

    /** The {@code traceparent} of the span current on this thread; empty when none is. */
    public static Optional<String> current() {
        final SpanContext span = Span.current().getSpanContext();
        if (!span.isValid()) {
            return Optional.empty();
        }
        return Optional.of("00-" + span.getTraceId() + "-" + span.getSpanId() + "-"
                + span.getTraceFlags().asHex());
    }
}
