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
import org.jzenith.rest.internal.limits.ConnectionGuard;

/**
 * One HTTP server on one event loop; the plugin deploys one per event loop, all on the same port,
 * and Vert.x spreads connections across them. Stopping lets in-flight requests finish, bounded by
 * the shutdown timeout.
 */
public final class RestVerticle extends VerticleBase {

    private final Handler<HttpServerRequest> handler;
    private final HttpServerOptions options;
    private final Duration shutdownTimeout;
    private final ConnectionGuard connections;
    private final Handler<HttpServerRequest> invalidRequests;
    private HttpServer server;
    private ConnectionGuard.OnEventLoop guard;

    public RestVerticle(
            final Handler<HttpServerRequest> handler,
            final HttpServerOptions options,
            final Duration shutdownTimeout,
            final ConnectionGuard connections,
            final Handler<HttpServerRequest> invalidRequests) {
        this.handler = handler;
        this.options = options;
        this.shutdownTimeout = shutdownTimeout;
        this.connections = connections;
        this.invalidRequests = invalidRequests;
    }

    @Override
    public Future<?> start() {
        guard = connections.onEventLoop(vertx);
        server = vertx.createHttpServer(options)
                .requestHandler(handler)
                .invalidRequestHandler(invalidRequests)
                .connectionHandler(guard);
        return server.listen();
    }

    @Override
    public Future<?> stop() {
        guard.close();
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
