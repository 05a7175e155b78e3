package org.jzenith.rest.internal.server;

import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.KeyCertOptions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One HTTP server on one event loop; the plugin deploys one per event loop, all on the same port,
 * and Vert.x spreads connections across them. Stopping lets in-flight requests finish, bounded by
 * the shutdown timeout.
 */
public final class RestVerticle extends VerticleBase {

    private final Handler<HttpServerRequest> handler;
    private final HttpServerOptions options;
    private final Duration shutdownTimeout;
    private HttpServer server;

    public RestVerticle(
            final Handler<HttpServerRequest> handler, final HttpServerOptions options, final Duration shutdownTimeout) {
        this.handler = handler;
        this.options = options;
        this.shutdownTimeout = shutdownTimeout;
    }

    @Override
    public Future<?> start() {
        server = vertx.createHttpServer(options).requestHandler(handler);
        return server.listen();
    }

    @Override
    public Future<?> stop() {
        return server.shutdown(shutdownTimeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Serves {@code key} to new connections from now on; open connections keep the one they
     * started with. Forced: the options differ in content only, which Vert.x does not compare.
     */
    public Future<Boolean> updateKey(final KeyCertOptions key) {
        return server.updateSSLOptions(options.getSslOptions().copy().setKeyCertOptions(key), true);
    }

    /** The port this verticle's server is bound to. */
    public int actualPort() {
        return server.actualPort();
    }
}
