package org.jzenith.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.PluginContext;
import org.jzenith.core.errors.ExceptionMapping;
import org.jzenith.test.Await;
import org.jzenith.test.Probes;
import org.jzenith.test.services.LocalServices;

/**
 * The injected clients once the plugin has stopped, while the application shuts down (the REST
 * server drains first, work still in flight may call the database): every call fails like one while
 * the database is away, and its health check says the plugin has stopped.
 */
class StoppedPluginIT {

    @Test
    void callsAfterTheStopFailWithAFailureThatMeans503() {
        final LocalServices.Database database = TestDatabases.fresh("jzenith_pg_stopped_it");
        final PostgresqlPlugin plugin = PostgresqlPlugin.create();
        final JZenith app = TestDatabases.configure(JZenith.application().withPlugins(plugin), database)
                .start();
        try {
            final Pool pool = app.instance(Pool.class);
            final SqlClient client = app.instance(SqlClient.class);
            Await.result(pool.query("SELECT 1").execute());

            Await.result(plugin.stop(new PluginContext(app.injector(), app.instance(Vertx.class))));

            for (final SqlClient stopped : List.of(pool, client)) {
                final Throwable failure =
                        Await.failure(stopped.query("SELECT 1").execute());
                assertThat(Unavailable.mappings())
                        .as(failure.toString())
                        .anyMatch(mapping ->
                                mapping.matches(failure) && mapping.status() == ExceptionMapping.UNAVAILABLE);
            }
            assertThat(Probes.readiness(app, PostgresqlHealthCheck.NAME).reason())
                    .hasValue("postgresql is unavailable: the postgresql plugin has stopped");
        } finally {
            app.stop();
        }
    }
}
