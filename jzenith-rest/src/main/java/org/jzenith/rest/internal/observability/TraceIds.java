package org.jzenith.rest.internal.observability;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;

/**
 * The trace id of a request, for its problem response and its access log line: its span's when
 * the service traces (the caller's own trace id when it sent a {@code traceparent}), else the one
 * the caller's {@code traceparent} names, if any.
 */
public final class TraceIds {

    private TraceIds() {}

    /** On the request's event loop. */
    public static Optional<String> of(final RoutingContext routing) {
        final SpanContext span = Span.current().getSpanContext();
        if (span.isValid()) {
            return Optional.of(span.getTraceId());
        }
        return TraceParent.traceId(routing.request().getHeader(TraceParent.HEADER));
    }
}
