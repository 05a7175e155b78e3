package org.jzenith.rest.internal.invoke;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.jzenith.rest.internal.observability.RequestEvent;

/**
 * The {@code http.server.requests} timer of one route, tagged by method, route template (never
 * the raw path, which would make a time series per id) and status. One timer per status is made
 * on first use and kept. A request with another method than the route's own (the HEAD that a GET
 * route answers too) is counted under that method.
 *
 * <p>Thread-safe; recording allocates nothing once a status has been seen.
 */
public final class EndpointMetrics {

    public static final String NAME = "http.server.requests";

    /** Statuses below this are kept in an array, so that recording one does not box an Integer. */
    private static final int STATUS_LIMIT = 600;

    /** Asked whether a recording takes request events; never committed. */
    private static final RequestEvent RECORDING = new RequestEvent();

    private final MeterRegistry registry;
    private final HttpMethod method;
    private final String uri;
    private final String threadKind;
    /** The resource method's class and name, as stack frames show it; empty for contributed routes. */
    private final String resource;

    private final AtomicReferenceArray<Timer> byStatus = new AtomicReferenceArray<>(STATUS_LIMIT);
    private final ConcurrentHashMap<HttpMethod, EndpointMetrics> otherMethods = new ConcurrentHashMap<>();

    public EndpointMetrics(final MeterRegistry registry, final String method, final String uri) {
        this(registry, method, uri, "event loop");
    }

    /** @param threadKind where the route's handler runs, as Flight Recorder events say it */
    public EndpointMetrics(
            final MeterRegistry registry, final String method, final String uri, final String threadKind) {
        this(registry, method, uri, threadKind, "");
    }

    /** @param resource the resource method's class and name, as stack frames show it */
    public EndpointMetrics(
            final MeterRegistry registry,
            final String method,
            final String uri,
            final String threadKind,
            final String resource) {
        this.registry = registry;
        this.method = HttpMethod.valueOf(method);
        this.uri = uri;
        this.threadKind = threadKind;
        this.resource = resource;
    }

    /**
     * Times a request that has just ended, started at {@code startNanos}, and emits its {@code
     * jzenith.Request} event. Called once per request, by {@link RequestCompletion}.
     */
    public void record(final RoutingContext routing, final long startNanos) {
        record(routing, routing.request().method(), routing.response().getStatusCode(), startNanos);
    }

    private void record(
            final RoutingContext routing, final HttpMethod requested, final int status, final long startNanos) {
        final EndpointMetrics metrics = method.equals(requested)
                ? this
                : otherMethods.computeIfAbsent(
                        requested, other -> new EndpointMetrics(registry, other.name(), uri, threadKind, resource));
        final long duration = System.nanoTime() - startNanos;
        metrics.timerFor(status).record(duration, TimeUnit.NANOSECONDS);
        // Asked of one kept instance: the flag is the event class's, and C1, which small containers
        // run, would not spare the allocation of a new event per request.
        if (RECORDING.isEnabled()) {
            final RequestEvent event = new RequestEvent();
            event.method = requested.name();
            event.route = uri;
            event.status = status;
            event.latency = duration;
            event.bytesIn = routing.request().bytesRead();
            event.bytesOut = routing.response().bytesWritten();
            event.threadKind = threadKind;
            event.resource = resource;
            event.commit();
        }
    }

    private Timer timerFor(final int status) {
        if (status < 0 || status >= STATUS_LIMIT) {
            return timer(status); // the registry hands back the timer it already has
        }
        final Timer known = byStatus.get(status);
        if (known != null) {
            return known;
        }
        byStatus.compareAndSet(status, null, timer(status));
        return byStatus.get(status);
    }

    private Timer timer(final int status) {
        return Timer.builder(NAME)
                .description("HTTP requests answered, by method, route template and status")
                .tag("method", method.name())
                .tag("uri", uri)
                .tag("status", Integer.toString(status))
                .register(registry);
    }
}
