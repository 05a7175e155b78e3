package org.jzenith.postgresql;

import com.google.inject.AbstractModule;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;
import jakarta.inject.Singleton;
import org.jzenith.core.errors.ExceptionMapping;
import org.jzenith.core.health.HealthCheck;

/**
 * Binds what the PostgreSQL plugin offers: the {@link Pool} and the pipelined {@link SqlClient} to
 * inject, the health check, and the mappings that make "the database is away" an HTTP 503.
 */
final class PostgresqlModule extends AbstractModule {

    private final RunningClients clients;

    PostgresqlModule(final RunningClients clients) {
        this.clients = clients;
    }

    @Override
    protected void configure() {
        bind(RunningClients.class).toInstance(clients);
        bind(Pool.class).toInstance(new PluginPool(clients));
        bind(SqlClient.class).toInstance(new PluginSqlClient(clients));
        bind(PostgresqlHealthCheck.class).in(Singleton.class);
        HealthCheck.bind(binder()).to(PostgresqlHealthCheck.class);
        for (final ExceptionMapping mapping : Unavailable.mappings()) {
            ExceptionMapping.bind(binder()).toInstance(mapping);
        }
    }
}
