package org.jzenith.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.jzenith.core.JZenith;
import org.jzenith.core.errors.ExceptionMapping;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;
import org.jzenith.core.health.HealthStatus;
import org.jzenith.test.Probes;

/**
 * What the JDBC plugin does against every database: each subclass starts one application for its
 * database and runs these tests against it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class JdbcPluginContract {

    static final Duration CONNECTION_TIMEOUT = Duration.ofSeconds(1);
    static final int POOL_SIZE = 4;

    private JZenith app;

    /** Adds this database's settings to {@code app}. */
    abstract JZenith configure(JZenith app);

    /** The product name the database reports, such as {@code PostgreSQL}. */
    abstract String product();

    @BeforeAll
    final void startApplication() {
        app = configure(JZenith.application()
                        .withPlugins(JdbcPlugin.create())
                        .withConfiguration("jdbc.pool.size", POOL_SIZE)
                        .withConfiguration("jdbc.connection-timeout", CONNECTION_TIMEOUT.toMillis() + "ms"))
                .start();
    }

    @AfterAll
    final void stopApplication() {
        if (app != null) {
            app.stop();
        }
    }

    JZenith app() {
        return app;
    }

    Jdbi jdbi() {
        return app.instance(Jdbi.class);
    }

    @Test
    void appliesTheMigrationsAtStartUp() {
        final List<String> versions = jdbi().withHandle(handle -> handle.createQuery(
                        "SELECT version FROM flyway_schema_history WHERE success AND version IS NOT NULL"
                                + " ORDER BY installed_rank")
                .mapTo(String.class)
                .list());
        assertThat(versions).containsExactly("1", "2");
        final String seeded = jdbi().withHandle(handle -> handle.createQuery("SELECT name FROM items WHERE id = 1")
                .mapTo(String.class)
                .one());
        assertThat(seeded).isEqualTo("seeded by V2");
    }

    @Test
    void jdbiReadsAndWrites() {
        final long id = 1_000 + (System.nanoTime() & 0xffff);
        jdbi().useTransaction(handle -> handle.createUpdate("INSERT INTO items (id, name) VALUES (:id, :name)")
                .bind("id", id)
                .bind("name", "written by " + getClass().getSimpleName())
                .execute());
        final Optional<String> name = jdbi().withHandle(
                        handle -> handle.createQuery("SELECT name FROM items WHERE id = :id")
                                .bind("id", id)
                                .mapTo(String.class)
                                .findOne());
        assertThat(name).contains("written by " + getClass().getSimpleName());
        jdbi().useHandle(handle -> handle.execute("DELETE FROM items WHERE id = ?", id));
    }

    @Test
    void theDataSourceIsThePool() throws Exception {
        final DataSource dataSource = app.instance(DataSource.class);
        try (var connection = dataSource.getConnection()) {
            assertThat(connection.isValid(1)).isTrue();
            assertThat(connection.getMetaData().getDatabaseProductName()).containsIgnoringCase(product());
        }
    }

    @Test
    void theHealthCheckIsUpWithPoolData() {
        final HealthResult result = jdbcHealth();
        assertThat(result.status()).isEqualTo(HealthStatus.UP);
        assertThat(result.data())
                .containsEntry("max", POOL_SIZE)
                .containsKeys("active", "idle", "total", "waiting", "database");
        assertThat((String) result.data().get("database")).containsIgnoringCase(product());
        assertThat(app.instance(JdbcHealthCheck.class).kinds()).containsExactly(HealthCheck.Kind.READINESS);
    }

    @Test
    void poolMetricsAreInTheRegistry() {
        final String scrape = app.instance(PrometheusMeterRegistry.class).scrape();
        assertThat(scrape)
                .contains("hikaricp_connections_active{pool=\"jdbc\"")
                .contains("hikaricp_connections_max{pool=\"jdbc\"} " + POOL_SIZE)
                .contains("hikaricp_connections_acquire_seconds");
    }

    @Test
    void connectionFailuresAreMappedTo503() {
        final Set<ExceptionMapping> mappings = app.injector().getInstance(Key.get(new TypeLiteral<>() {}));
        assertThat(mappings)
                .extracting(mapping -> mapping.type().getName() + " " + mapping.status())
                .contains(
                        "java.sql.SQLTransientConnectionException 503",
                        "java.sql.SQLNonTransientConnectionException 503",
                        "org.jdbi.v3.core.ConnectionException 503",
                        "java.sql.SQLException 503");
        assertThat(mappedStatus(new java.sql.SQLException("connection lost", "08006")))
                .contains(503);
        assertThat(mappedStatus(new java.sql.SQLException("syntax error", "42601")))
                .isEmpty();
    }

    /** The status the contributed mappings give {@code failure} or its nearest mapped cause. */
    Optional<Integer> mappedStatus(final Throwable failure) {
        return Probes.mappedStatus(app, failure);
    }

    /** Runs the application's {@code jdbc} check as {@code /health/ready} would. */
    HealthResult jdbcHealth() {
        return Probes.readiness(app, "jdbc");
    }
}
