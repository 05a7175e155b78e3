package org.jzenith.rest.internal.invoke;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The {@code http.server.requests} timer of one route, tagged by method, route template (never
 * the raw path, which would make a time series per id) and status. One timer per status is made
 * on first use and kept.
 *
 * <p>Thread-safe.
 */
public final class EndpointMetrics {

    public static final String NAME = "http.server.requests";

    private final MeterRegistry registry;
    private final String method;
    private final String uri;
    private final ConcurrentHashMap<Integer, Timer> timers = new ConcurrentHashMap<>();

    public EndpointMetrics(final MeterRegistry registry, final String method, final String uri) {
        this.registry = registry;
        this.method = method;
        this.uri = uri;
    }

    public void record(final int status, final long startNanos) {
        Timer timer = timers.get(status);
        if (timer == null) {
            timer = timers.computeIfAbsent(status, this::timer);
        }
        timer.record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
    }

    private Timer timer(final int status) {
        return Timer.builder(NAME)
                .description("HTTP requests answered, by method, route template and status")
                .tag("method", method)
                .tag("uri", uri)
                .tag("status", Integer.toString(status))
                .register(registry);
    }
}
