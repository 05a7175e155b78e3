package org.jzenith.rest.internal.server;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.tracing.TracingPolicy;
import io.vertx.ext.web.Router;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import org.jzenith.rest.ManagementConfiguration;
import org.jzenith.rest.RestConfiguration;
import org.jzenith.rest.internal.http.CertificateReloader;
import org.jzenith.rest.internal.http.HttpsRedirect;
import org.jzenith.rest.internal.http.TlsFiles;
import org.jzenith.rest.internal.limits.ConnectionGuard;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every port a running REST plugin listens on, opened in order and closed together: the API port
 * (HTTP or HTTPS, with its certificate reloader), the plain port beside TLS when {@code
 * rest.tls.plain-port} is set, and the management port when {@code management.port} is set.
 * Nothing opens that is not configured.
 *
 * <p>Used by the application's lifecycle thread only.
 */
public final class Listeners {

    private static final Logger LOG = LoggerFactory.getLogger(Listeners.class);

    /** The routers to serve: the API's, and the management port's when one is configured. */
    public record Routers(Router api, Optional<Router> management) {}

    /** The TLS files and what was read of them, when the API port speaks HTTPS. */
    public record Tls(TlsFiles files, TlsFiles.KeyMaterial key) {}

    private final Vertx vertx;
    private final RestConfiguration configuration;
    private final ManagementConfiguration management;
    private final Duration shutdownTimeout;
    private final Handler<HttpServerRequest> malformed;
    private final ConnectionGuard connections;

    private Optional<ServerDeployment> api = Optional.empty();
    private Optional<ServerDeployment> plain = Optional.empty();
    private Optional<ServerDeployment> operators = Optional.empty();
    private Optional<CertificateReloader> reloader = Optional.empty();

    /**
     * @param malformed answers what Netty could not decode, on every port
     * @param registry where the API's connection figures go
     */
    public Listeners(
            final Vertx vertx,
            final RestConfiguration configuration,
            final ManagementConfiguration management,
            final Duration shutdownTimeout,
            final Handler<HttpServerRequest> malformed,
            final MeterRegistry registry) {
        this.vertx = vertx;
        this.configuration = configuration;
        this.management = management;
        this.shutdownTimeout = shutdownTimeout;
        this.malformed = malformed;
        this.connections = ConnectionGuard.of(configuration.limits(), registry);
    }

    /**
     * Listens with {@code instances} server verticles on the API port (and the plain port), then on
     * the management port; tells {@code state} the ports bound.
     */
    public Future<Void> open(
            final Routers routers,
            final Optional<Tls> tls,
            final int instances,
            final int endpoints,
            final RestServerState state) {
        final ServerDeployment servers =
                new ServerDeployment(vertx, routers.api(), shutdownTimeout, "rest.port", connections, malformed);
        api = Optional.of(servers);
        final Future<Integer> listening = servers.listen(
                        ServerOptions.of(configuration, tls.map(t -> t.key().options())), instances)
                .compose(port -> listenPlain(routers.api(), instances, tls.isPresent(), port)
                        .map(port))
                .map(port -> {
                    state.bound(configuration.host(), port);
                    LOG.info(
                            "REST server listening on {}://{}:{} ({} endpoints, {} server verticles{})",
                            tls.isPresent() ? "https" : "http",
                            configuration.host(),
                            port,
                            endpoints,
                            instances,
                            protocols(tls.isPresent()));
                    tls.ifPresent(t -> reloader = Optional.of(CertificateReloader.start(
                            vertx,
                            t.files(),
                            t.key().content(),
                            configuration.tls().reloadPeriod(),
                            servers::updateKey)));
                    return port;
                });
        return routers.management()
                .map(router -> listening.compose(ignored -> listenManagement(router, state)))
                .orElseGet(listening::mapEmpty);
    }

    /** Stops every server: no new connections, requests in flight may finish within the shutdown timeout. */
    public Future<Void> close() {
        reloader.ifPresent(CertificateReloader::close);
        reloader = Optional.empty();
        final Future<Void> closed =
                Future.join(close(api), close(plain), close(operators)).mapEmpty();
        api = Optional.empty();
        plain = Optional.empty();
        operators = Optional.empty();
        return closed;
    }

    private static Future<Void> close(final Optional<ServerDeployment> deployment) {
        return deployment.map(ServerDeployment::close).orElseGet(Future::succeededFuture);
    }

    private String protocols(final boolean tls) {
        if (tls && configuration.http2().enabled()) {
            return ", HTTP/2 over ALPN";
        }
        return configuration.http2().enabled() && configuration.http2().cleartext() ? ", h2c" : "";
    }

    /**
     * The plain port beside a TLS one, when {@code rest.tls.plain-port} is set: it redirects to
     * HTTPS or serves the same router, within the API's connection limit.
     */
    private Future<Void> listenPlain(final Router router, final int instances, final boolean tls, final int httpsPort) {
        if (!tls || configuration.tls().plainPort().isEmpty()) {
            return Future.succeededFuture();
        }
        final boolean serve = configuration.tls().plain() == RestConfiguration.PlainMode.SERVE;
        final ServerDeployment deployment = new ServerDeployment(
                vertx,
                serve ? router : HttpsRedirect.to(httpsPort),
                shutdownTimeout,
                "rest.tls.plain-port",
                connections,
                malformed);
        plain = Optional.of(deployment);
        return deployment
                .listen(
                        ServerOptions.plain(
                                configuration, configuration.tls().plainPort().getAsInt()),
                        instances)
                .map(port -> {
                    LOG.info(
                            "REST server {} on http://{}:{}",
                            serve ? "also listening" : "redirecting to HTTPS",
                            configuration.host(),
                            port);
                    return null;
                });
    }

    /**
     * The management port: plain HTTP, as operators and probes reach it inside a cluster (Quarkus's
     * management interface does the same by default), with a connection count of its own and
     * unmetered, so that probes get through while the API is at its limits.
     */
    private Future<Void> listenManagement(final Router router, final RestServerState state) {
        final String host = management.host().orElse(configuration.host());
        final ServerDeployment deployment = new ServerDeployment(
                vertx,
                router,
                shutdownTimeout,
                "management.port",
                ConnectionGuard.of(configuration.limits(), new CompositeMeterRegistry()),
                malformed);
        operators = Optional.of(deployment);
        return deployment
                .listen(
                        ServerOptions.plain(configuration, management.port().orElseThrow())
                                .setHost(host)
                                // Probes every few seconds are not what traces are for.
                                .setTracingPolicy(TracingPolicy.IGNORE),
                        1)
                .map(port -> {
                    state.managementBound(OptionalInt.of(port));
                    LOG.info("Management interface (/health, /metrics) listening on http://{}:{}", host, port);
                    return null;
                });
    }
}
