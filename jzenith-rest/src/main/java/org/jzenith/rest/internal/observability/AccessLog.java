package org.jzenith.rest.internal.observability;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Handler;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.RoutingContext;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One line per request on the logger {@code jzenith.access}: method, path, route template, status,
 * bytes in and out, duration, and the W3C trace id the caller sent. Installed first in the router,
 * and only when {@code rest.access-log.enabled} is set: off, it costs nothing.
 *
 * <p>The event loop only takes the figures and offers them to a bounded queue; one daemon thread
 * formats and logs them, so a slow appender (a file on a busy disk, a full pipe) never blocks
 * serving. When the queue is full the line is dropped and counted in {@code
 * http.server.access.dropped}, rather than holding requests back for the log.
 *
 * <p>The values are SLF4J key-value pairs as well, so a structured encoder (Logback's {@code
 * JsonEncoder}) writes them as fields.
 */
public final class AccessLog implements Handler<RoutingContext>, AutoCloseable {

    static final String LOGGER = "jzenith.access";
    private static final Logger LOG = LoggerFactory.getLogger(LOGGER);
    private static final int CAPACITY = 8192;
    private static final String NONE = "-";

    /** What the event loop hands over: plain values, formatted on the writer's thread. */
    record Line(
            String method,
            String path,
            String route,
            int status,
            long bytesIn,
            long bytesOut,
            long nanos,
            String traceId) {

        String text() {
            return method + ' ' + path + ' ' + status + ' ' + bytesOut + "B " + (nanos / 1000) / 1000.0 + "ms route="
                    + route + " in=" + bytesIn + "B trace=" + traceId;
        }
    }

    private final BlockingQueue<Line> lines = new ArrayBlockingQueue<>(CAPACITY);
    private final Counter dropped;
    private final Thread writer;

    private AccessLog(final MeterRegistry registry) {
        this.dropped = Counter.builder("http.server.access.dropped")
                .description("Access log lines dropped because the log writer fell behind")
                .register(registry);
        this.writer = Thread.ofPlatform().name("jzenith-access-log").daemon().start(this::write);
    }

    /** Starts the writer thread; {@link #close()} stops it after the lines already queued. */
    public static AccessLog start(final MeterRegistry registry) {
        return new AccessLog(registry);
    }

    @Override
    public void handle(final RoutingContext routing) {
        final long start = System.nanoTime();
        routing.addEndHandler(ignored -> ended(routing, start));
        routing.next();
    }

    private void ended(final RoutingContext routing, final long start) {
        final Line line = new Line(
                routing.request().method().name(),
                routing.request().path(),
                routeOf(routing.currentRoute()),
                routing.response().getStatusCode(),
                routing.request().bytesRead(),
                routing.response().bytesWritten(),
                System.nanoTime() - start,
                TraceIds.of(routing).orElse(NONE));
        if (!lines.offer(line)) {
            dropped.increment();
        }
    }

    /** The template of a resource route, the path of a contributed one, or none when nothing matched. */
    private static String routeOf(final Route route) {
        if (route == null) {
            return NONE;
        }
        if (route.getName() != null) {
            return route.getName();
        }
        return route.getPath() != null ? route.getPath() : NONE;
    }

    private void write() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                log(lines.take());
            }
        } catch (final InterruptedException stopping) {
            Thread.currentThread().interrupt();
        }
        for (Line line = lines.poll(); line != null; line = lines.poll()) {
            log(line);
        }
    }

    private static void log(final Line line) {
        LOG.atInfo()
                .addKeyValue("method", line.method())
                .addKeyValue("path", line.path())
                .addKeyValue("route", line.route())
                .addKeyValue("status", line.status())
                .addKeyValue("bytes_in", line.bytesIn())
                .addKeyValue("bytes_out", line.bytesOut())
                .addKeyValue("duration_ms", (line.nanos() / 1000) / 1000.0)
                .addKeyValue("trace_id", line.traceId())
                .log(line.text());
    }

    /** Stops the writer once it has logged what is queued, waiting at most a second. */
    @Override
    public void close() {
        writer.interrupt();
        try {
            writer.join(TimeUnit.SECONDS.toMillis(1));
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
