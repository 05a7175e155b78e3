package org.jzenith.rest.internal.limits;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.channel.ChannelPipeline;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.net.impl.ConnectionBase;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.jzenith.rest.RestConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the connections of the REST servers within bounds: at most {@code rest.limits.max-connections}
 * open at once (one more is closed as it is accepted), and no HTTP/1 connection may take longer
 * than {@code rest.limits.header-timeout} to send a request head, nor send a body slower than {@code
 * rest.limits.min-body-rate} once that long has passed (either is answered 408 and closed).
 *
 * <p>One per plugin: the count is shared by all server verticles. The watches of one verticle's
 * connections are kept and checked on its event loop ({@link #onEventLoop}).
 */
public final class ConnectionGuard {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionGuard.class);
    private static final String HTTP_DECODER = "httpDecoder";
    /** Vert.x's own handler of a connection, last in its pipeline. */
    private static final String VERTX_HANDLER = "handler";

    private final int maxConnections;
    private final long headerTimeoutNanos;
    private final long minBodyRate;
    private final AtomicInteger open = new AtomicInteger();
    private final Counter refused;
    private final Counter slowHeads;
    private final Counter slowBodies;

    private ConnectionGuard(final RestConfiguration.Limits limits, final MeterRegistry registry) {
        this.maxConnections = limits.maxConnections();
        this.headerTimeoutNanos = limits.headerTimeout().toNanos();
        this.minBodyRate = limits.minBodyRate();
        this.refused = Rejections.counter(registry, "connections");
        this.slowHeads = Rejections.counter(registry, "header timeout");
        this.slowBodies = Rejections.counter(registry, "body too slow");
        Gauge.builder("http.server.connections", open, AtomicInteger::get)
                .description("Open connections to the REST servers")
                .register(registry);
    }

    public static ConnectionGuard of(final RestConfiguration.Limits limits, final MeterRegistry registry) {
        return new ConnectionGuard(limits, registry);
    }

    /**
     * The guard of one server verticle, whose connections all live on {@code vertx}'s current
     * event loop; {@link OnEventLoop#close()} it when the verticle stops.
     */
    public OnEventLoop onEventLoop(final Vertx vertx) {
        return new OnEventLoop(vertx);
    }

    /** The open connections of all servers. */
    public int open() {
        return open.get();
    }

    /** What one server verticle's connection handler does; used on its event loop only. */
    public final class OnEventLoop implements Handler<HttpConnection>, AutoCloseable {

        private final Vertx vertx;
        private final Set<Watches> watches = new HashSet<>();
        private final long timer;

        private OnEventLoop(final Vertx vertx) {
            this.vertx = vertx;
            final long period = Math.max(
                    50, Math.min(1000, Duration.ofNanos(headerTimeoutNanos).toMillis() / 4));
            this.timer = vertx.setPeriodic(period, ignored -> expireSlowHeads());
        }

        @Override
        public void handle(final HttpConnection connection) {
            if (open.incrementAndGet() > maxConnections) {
                open.decrementAndGet();
                refused.increment();
                LOG.debug(
                        "Closed a connection from {}: {} are open (rest.limits.max-connections)",
                        connection.remoteAddress(),
                        maxConnections);
                connection.close();
                return;
            }
            final Watches watch = watch(connection);
            connection.closeHandler(ignored -> {
                open.decrementAndGet();
                if (watch != null) {
                    watches.remove(watch);
                }
            });
        }

        /**
         * Puts a watch around the connection's HTTP/1 request decoder, and {@link ClientResets} before
         * Vert.x's handler. Vert.x has no setting for either, so it is done on the connection's Netty
         * pipeline; an HTTP/2 connection has no such decoder (its frames have their own limits) and
         * gets neither.
         */
        private Watches watch(final HttpConnection connection) {
            if (!(connection instanceof ConnectionBase base)) {
                return null;
            }
            final ChannelPipeline pipeline = base.channelHandlerContext().pipeline();
            if (pipeline.get(HTTP_DECODER) == null) {
                return null;
            }
            final HeadWatch head = new HeadWatch();
            pipeline.addBefore(HTTP_DECODER, "jzenithHeadStarted", head.beforeDecoder);
            pipeline.addAfter(HTTP_DECODER, "jzenithHeadEnded", head.afterDecoder);
            Optional<BodyWatch> body = Optional.empty();
            if (pipeline.get(VERTX_HANDLER) != null) {
                pipeline.addBefore(VERTX_HANDLER, ClientResets.NAME, ClientResets.INSTANCE);
                // Written from the decoder's place, a 408 goes out past the response encoder, as raw bytes.
                body = Optional.of(new BodyWatch(pipeline.context(HTTP_DECODER)));
                pipeline.addBefore(VERTX_HANDLER, BodyWatch.NAME, body.get());
            }
            final Watches watch = new Watches(head, body);
            watches.add(watch);
            return watch;
        }

        /** What watches one connection: its heads always, its bodies where Vert.x's handler is in place. */
        private record Watches(HeadWatch head, Optional<BodyWatch> body) {}

        private void expireSlowHeads() {
            if (watches.isEmpty()) {
                return;
            }
            final long now = System.nanoTime();
            // A copy: a watch that expires closes its connection, whose close handler leaves the set.
            for (final Watches watch : List.copyOf(watches)) {
                if (watch.head().expired(now, headerTimeoutNanos)) {
                    slowHeads.increment();
                } else if (watch.body().isPresent()
                        && watch.body().get().expired(now, headerTimeoutNanos, minBodyRate)
                                != BodyWatch.Outcome.WAITING) {
                    slowBodies.increment();
                }
            }
        }

        @Override
        public void close() {
            vertx.cancelTimer(timer);
        }
    }
}
