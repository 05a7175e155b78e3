package org.jzenith.rest.internal.server;

import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.KeyCertOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jzenith.rest.internal.limits.ConnectionGuard;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server verticles of a running REST plugin: one HTTP server per verticle, all on one port,
 * and Vert.x (or the kernel, with SO_REUSEPORT) spreads connections across their event loops.
 *
 * <p>Used by the application's lifecycle thread only.
 */
public final class ServerDeployment {

    private static final Logger LOG = LoggerFactory.getLogger(ServerDeployment.class);

    private final Vertx vertx;
    private final Handler<HttpServerRequest> handler;
    private final Duration shutdownTimeout;
    private final String portKey;
    private final ConnectionGuard connections;
    private final Handler<HttpServerRequest> invalidRequests;
    private final List<String> deployments = new ArrayList<>();
    // Every verticle deployed, for certificate updates; guarded by itself (filled on event loops).
    private final List<RestVerticle> servers = new ArrayList<>();

    /**
     * Servers that hand every request to {@code handler} (the router, or the plain port's
     * redirect), listening on the port {@code portKey} configures (named when it is taken), with
     * {@code connections} keeping their connections in bounds and {@code invalidRequests} answering
     * what cannot be decoded.
     */
    public ServerDeployment(
            final Vertx vertx,
            final Handler<HttpServerRequest> handler,
            final Duration shutdownTimeout,
            final String portKey,
            final ConnectionGuard connections,
            final Handler<HttpServerRequest> invalidRequests) {
        this.vertx = vertx;
        this.handler = MediaTypeHeaders.normalizing(handler);
        this.shutdownTimeout = shutdownTimeout;
        this.portKey = portKey;
        this.connections = connections;
        this.invalidRequests = invalidRequests;
    }

    /**
     * Listens on {@code host:port} with {@code instances} verticles; the future holds the bound
     * port. Port 0 picks a free one: Vert.x does not share a socket bound to port 0, so one server
     * binds first to learn the port, then the others bind to it, all with SO_REUSEPORT.
     */
    public Future<Integer> listen(final HttpServerOptions options, final int instances) {
        return options.getPort() == 0
                ? deploy(new HttpServerOptions(options).setReusePort(true), 1)
                        .compose(port -> deploy(
                                new HttpServerOptions(options).setPort(port).setReusePort(true), instances - 1))
                : deploy(options, instances);
    }

    /** Serves {@code key} on every server from now on; fails if any server refuses it. */
    public Future<Void> updateKey(final KeyCertOptions key) {
        final List<Future<Boolean>> updated;
        synchronized (servers) {
            updated = servers.stream().map(server -> server.updateKey(key)).toList();
        }
        return Future.all(updated).mapEmpty();
    }

    /** Stops every server: no new connections, requests in flight may finish within the shutdown timeout. */
    public Future<Void> close() {
        final List<Future<Void>> undeployed = new ArrayList<>();
        deployments.forEach(id -> undeployed.add(vertx.undeploy(id)));
        deployments.clear();
        synchronized (servers) {
            servers.clear();
        }
        return Future.join(undeployed).mapEmpty();
    }

    private Future<Integer> deploy(final HttpServerOptions options, final int count) {
        if (count <= 0) {
            return Future.succeededFuture(options.getPort());
        }
        final List<RestVerticle> verticles = new ArrayList<>();
        return vertx.deployVerticle(
                        () -> {
                            final RestVerticle verticle =
                                    new RestVerticle(handler, options, shutdownTimeout, connections, invalidRequests);
                            synchronized (verticles) {
                                verticles.add(verticle);
                            }
                            synchronized (servers) {
                                servers.add(verticle);
                            }
                            return verticle;
                        },
                        new DeploymentOptions().setInstances(count))
                .recover(failure -> Future.failedFuture(new IllegalStateException(
                        "cannot listen on " + options.getHost() + ":" + options.getPort() + " (" + failure.getMessage()
                                + "); make sure no other process uses the port, or set " + portKey + " to a free one"
                                + " (0 picks one)",
                        failure)))
                .map(id -> {
                    deployments.add(id);
                    synchronized (verticles) {
                        final int bound = verticles.getFirst().actualPort();
                        if (verticles.stream().anyMatch(verticle -> verticle.actualPort() != bound)) {
                            LOG.warn(
                                    "The server verticles listen on different ports: {}",
                                    verticles.stream()
                                            .map(RestVerticle::actualPort)
                                            .toList());
                        }
                        return bound;
                    }
                });
    }
}
