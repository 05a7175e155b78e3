package org.jzenith.rest.internal.server;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One HTTP server on one event loop; the plugin deploys one per event loop, all on the same port,
 * and Vert.x spreads connections across them. Stopping lets in-flight requests finish, bounded by
 * the shutdown timeout.
 */
public final class RestVerticle extends VerticleBase {

    private final Router router;
    private final HttpServerOptions options;
    private final Duration shutdownTimeout;
    private HttpServer server;

    public RestVerticle(final Router router, final HttpServerOptions options, final Duration shutdownTimeout) {
        this.router = router;
        this.options = options;
        this.shutdownTimeout = shutdownTimeout;
    }

    @Override
    public Future<?> start() {
        server = vertx.createHttpServer(options).requestHandler(router);
        return server.listen();
    }

    @Override
    public Future<?> stop() {
        return server.shutdown(shutdownTimeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The port this verticle's server is bound to. */
    public int actualPort() {
        return server.actualPort();
    }
}
