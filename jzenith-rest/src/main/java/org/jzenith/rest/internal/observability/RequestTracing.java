package org.jzenith.rest.internal.observability;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.internal.ContextInternal;
import org.jzenith.core.spi.tracing.Tracing;
import org.slf4j.MDC;

/**
 * What the REST plugin adds to the span Vert.x started for a request: its name and {@code
 * http.route} once the route template is known, the trace and span ids in the log MDC while the
 * request's code runs, and the request's context carried to the virtual thread a method runs on.
 *
 * <p>Without a tracing plugin every method here is skipped by its caller ({@link #enabled()}), so a
 * request pays nothing for tracing.
 */
public final class RequestTracing {

    /** The MDC keys, as OpenTelemetry's own logging instrumentation names them. */
    public static final String TRACE_ID = "trace_id";

    public static final String SPAN_ID = "span_id";

    private static final AttributeKey<String> ROUTE = AttributeKey.stringKey("http.route");
    private static final RequestTracing OFF = new RequestTracing(false);

    private final boolean enabled;

    private RequestTracing(final boolean enabled) {
        this.enabled = enabled;
    }

    /** Tracing when {@code openTelemetry} is not the no-op one a service without a tracing plugin has. */
    public static RequestTracing of(final OpenTelemetry openTelemetry) {
        return Tracing.enabled(openTelemetry) ? new RequestTracing(true) : OFF;
    }

    public boolean enabled() {
        return enabled;
    }

    /**
     * On the event loop, once the request matched: names its span {@code GET /users/{id}}, never
     * by the raw path, which would make a name per id. A span that is not sampled is left alone.
     *
     * @param name the method and template, made once per route
     */
    public void routed(
            final HttpMethod method, final HttpMethod routeMethod, final String name, final String template) {
        final Span span = Span.current();
        if (span.isRecording()) {
            span.updateName(method.equals(routeMethod) ? name : method.name() + ' ' + template);
            span.setAttribute(ROUTE, template);
        }
    }

    /** Puts the current span's ids in the MDC until the returned scope closes. */
    public static Scope logContext() {
        final SpanContext span = Span.current().getSpanContext();
        if (!span.isValid()) {
            return Scope.noop();
        }
        MDC.put(TRACE_ID, span.getTraceId());
        MDC.put(SPAN_ID, span.getSpanId());
        return () -> {
            MDC.remove(TRACE_ID);
            MDC.remove(SPAN_ID);
        };
    }

    /**
     * {@code work} made to run, on another thread, in the request's context (read here, on the
     * event loop) with its ids in the MDC: spans and statements there are the request's children.
     *
     * <p>It runs as a dispatch of the request's Vert.x context, as Vert.x's own virtual threads do:
     * a Vert.x client called from a thread without one makes a fresh context for the call and
     * traces it on an event loop, where the calling thread's OpenTelemetry context is out of sight.
     * Within the dispatch the client takes the request's context, which holds the request's span.
     */
    public Runnable carry(final Runnable work) {
        final Context request = Context.current();
        final ContextInternal vertxContext = ContextInternal.current();
        return () -> {
            try (Scope _ = request.makeCurrent();
                    Scope _ = logContext()) {
                if (vertxContext == null) {
                    work.run();
                } else {
                    vertxContext.dispatch(work);
                }
            }
        };
    }
}
