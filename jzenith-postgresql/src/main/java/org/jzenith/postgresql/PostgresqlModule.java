package org.jzenith.postgresql;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import io.vertx.core.Vertx;
import io.vertx.core.net.NetClientOptions;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.ClientBuilder;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.SqlClient;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.errors.ExceptionMapping;
import org.jzenith.core.health.HealthCheck;

/**
 * Binds what the PostgreSQL plugin offers: the {@link Pool} and the pipelined {@link SqlClient} to
 * inject, the health check, and the mappings that make "the database is away" an HTTP 503.
 *
 * <p>The clients are Vert.x's own, made when the injector is: they connect only when first used, so
 * making them early costs nothing and lets singletons take them; the plugin checks the connection
 * when it starts and closes them when it stops.
 */
final class PostgresqlModule extends AbstractModule {

    private final PostgresqlServer server;

    PostgresqlModule(final PostgresqlServer server) {
        this.server = server;
    }

    @Override
    protected void configure() {
        bind(PostgresqlServer.class).toInstance(server);
        bind(PostgresqlHealthCheck.class).in(Singleton.class);
        HealthCheck.bind(binder()).to(PostgresqlHealthCheck.class);
        for (final ExceptionMapping mapping : Unavailable.mappings()) {
            ExceptionMapping.bind(binder()).toInstance(mapping);
        }
    }

    /** The embedded server of the dev services, when they apply; its port is picked now. */
    @Provides
    @Singleton
    Optional<PostgresqlDevService> devService(
            final CoreConfiguration core, final PostgresqlConfiguration configuration) {
        return PostgresqlDevService.of(core, configuration);
    }

    /** Where the clients connect: the configured server, or the dev service's. */
    @Provides
    @Singleton
    PostgresqlTarget target(
            final PostgresqlConfiguration configuration, final Optional<PostgresqlDevService> devService) {
        return devService
                .map(dev -> PostgresqlTarget.embedded(dev.port(), configuration))
                .orElseGet(() -> PostgresqlTarget.of(configuration));
    }

    @Provides
    @Singleton
    Pool pool(final Vertx vertx, final PostgresqlConfiguration configuration, final PostgresqlTarget target) {
        return build(
                PgBuilder.pool(),
                PostgresqlPlugin.POOL_NAME,
                configuration,
                target,
                vertx,
                configuration.pool().size());
    }

    /** The health check's own connection: it never waits behind the requests in the pool. */
    @Provides
    @Singleton
    HealthConnection healthConnection(
            final Vertx vertx, final PostgresqlConfiguration configuration, final PostgresqlTarget target) {
        return new HealthConnection(build(PgBuilder.pool(), HealthConnection.NAME, configuration, target, vertx, 1));
    }

    @Provides
    @Singleton
    SqlClient pipelined(final Vertx vertx, final PostgresqlConfiguration configuration, final PostgresqlTarget target) {
        return build(
                PgBuilder.client(),
                PostgresqlPlugin.PIPELINED_NAME,
                configuration,
                target,
                vertx,
                configuration.pool().size());
    }

    private static <C> C build(
            final ClientBuilder<C> builder,
            final String name,
            final PostgresqlConfiguration configuration,
            final PostgresqlTarget target,
            final Vertx vertx,
            final int size) {
        final int timeoutMillis = (int) configuration.connectionTimeout().toMillis();
        final PgConnectOptions connect = target.connectOptions()
                .setPipeliningLimit(configuration.pipeliningLimit())
                .setCachePreparedStatements(true);
        // The namespace tag of the client's vertx_sql_* meters: without it the pool and the
        // pipelined client would share one pending gauge, and one client's figure is lost.
        connect.setMetricsName(name);
        final PoolOptions pool = new PoolOptions()
                .setName(name)
                .setMaxSize(size)
                .setMaxWaitQueueSize(configuration.pool().maxWaiting())
                .setConnectionTimeout(timeoutMillis)
                .setConnectionTimeoutUnit(TimeUnit.MILLISECONDS);
        return builder.with(pool)
                .with(new NetClientOptions().setConnectTimeout(timeoutMillis))
                .connectingTo(connect)
                .using(vertx)
                .build();
    }
}
