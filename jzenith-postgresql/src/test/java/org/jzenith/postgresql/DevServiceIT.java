package org.jzenith.postgresql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.StartupException;
import org.jzenith.test.Await;
import org.jzenith.test.net.Ports;
import org.jzenith.test.services.LocalServices;

/**
 * The dev service: in the {@code test} (and {@code dev}) profile without {@code postgresql.host}
 * the plugin starts an embedded PostgreSQL on a free port, migrates and serves from it, and stops it
 * with the application; a configured host, another profile or none never start one.
 */
class DevServiceIT {

    private static final Duration GONE = Duration.ofSeconds(30);

    private static Path directory(final String name) {
        return Path.of("target", "dev-services-it", name).toAbsolutePath();
    }

    @Test
    void theTestProfileWithoutAHostStartsAnEmbeddedPostgresqlAndStopsIt() {
        final Path directory = directory("test-profile");
        final PostgresqlPlugin plugin = PostgresqlPlugin.create();
        final JZenith app = JZenith.application()
                .withPlugins(plugin)
                .withConfiguration("jzenith.profile", "test")
                .withConfiguration("jzenith.dev-services.directory", directory.toString())
                .withConfiguration("postgresql.database", "items_db")
                .start();
        final long pid;
        try {
            pid = plugin.devServicePid().orElseThrow();
            assertThat(ProcessHandle.of(pid))
                    .as("the embedded server's process")
                    .isPresent();
            final Pool pool = app.instance(Pool.class);
            final RowSet<Row> versions = Await.result(
                    pool.query("SELECT version FROM flyway_schema_history WHERE success AND version IS NOT NULL"
                                    + " ORDER BY installed_rank")
                            .execute());
            final List<String> applied = new ArrayList<>();
            versions.forEach(row -> applied.add(row.getString(0)));
            assertThat(applied).containsExactly("1", "2");
            final Row row = Await.result(pool.query(
                                    "SELECT name, current_database(), inet_server_port(), current_setting('server_version')"
                                            + " FROM items WHERE id = 1")
                            .execute())
                    .iterator()
                    .next();
            assertThat(row.getString(0)).isEqualTo("seeded by V2");
            assertThat(row.getString(1)).isEqualTo("items_db");
            assertThat(row.getInteger(2)).isNotIn(5432).isPositive();
            assertThat(row.getString(3)).startsWith("14.");
            assertThat(Probes.readinessUp(app)).isTrue();
        } finally {
            app.stop();
        }
        Await.until(GONE, "the embedded PostgreSQL (process " + pid + ") has gone", () -> ProcessHandle.of(pid)
                .map(process -> !process.isAlive())
                .orElse(true));
        assertThat(plugin.devServicePid()).isEmpty();
        assertThat(leftFolders(directory))
                .as("the test profile's data is deleted")
                .isEmpty();
    }

    @Test
    void theDevProfileKeepsItsDataForTheNextStart() {
        final Path directory = directory("dev-profile");
        for (int run = 1; run <= 2; run++) {
            final PostgresqlPlugin plugin = PostgresqlPlugin.create();
            final JZenith app = JZenith.application()
                    .withPlugins(plugin)
                    .withConfiguration("jzenith.profile", "dev")
                    .withConfiguration("jzenith.dev-services.directory", directory.toString())
                    .start();
            final long pid = plugin.devServicePid().orElseThrow();
            try {
                final Pool pool = app.instance(Pool.class);
                if (run == 1) {
                    Await.result(pool.query("CREATE TABLE IF NOT EXISTS kept (run INT)")
                            .execute());
                    Await.result(pool.query("DELETE FROM kept").execute());
                    Await.result(pool.query("INSERT INTO kept VALUES (1)").execute());
                } else {
                    assertThat(Await.result(pool.query("SELECT run FROM kept").execute())
                                    .iterator()
                                    .next()
                                    .getInteger(0))
                            .as("the row the first run wrote")
                            .isEqualTo(1);
                }
            } finally {
                app.stop();
            }
            Await.until(GONE, "the embedded PostgreSQL (process " + pid + ") has gone", () -> ProcessHandle.of(pid)
                    .map(process -> !process.isAlive())
                    .orElse(true));
        }
        assertThat(directory.resolve("postgresql/data/PG_VERSION")).exists();
    }

    @Test
    void aConfiguredHostDisablesTheDevService() {
        final LocalServices.Database database = TestDatabases.fresh("jzenith_pg_dev_service_it");
        final PostgresqlPlugin plugin = PostgresqlPlugin.create();
        final Path directory = directory("configured");
        final JZenith app = TestDatabases.configure(
                        JZenith.application()
                                .withPlugins(plugin)
                                .withConfiguration("jzenith.profile", "test")
                                .withConfiguration("jzenith.dev-services.directory", directory.toString()),
                        database)
                .start();
        try {
            assertThat(plugin.devServicePid()).isEmpty();
            assertThat(Await.result(app.instance(Pool.class)
                                    .query("SELECT inet_server_port()")
                                    .execute())
                            .iterator()
                            .next()
                            .getInteger(0))
                    .isEqualTo(database.port());
        } finally {
            app.stop();
        }
        assertThat(directory).doesNotExist();
    }

    @Test
    void theProdProfileAndNoProfileNeverStartOne() {
        for (final String profile : List.of("prod", "")) {
            // A free port where nothing listens, so that the default host is tried without touching
            // the machine's own PostgreSQL on 5432.
            final int port = Ports.free();
            final Path directory = directory("prod-" + profile);
            JZenith app = JZenith.application()
                    .withPlugins(PostgresqlPlugin.create())
                    .withConfiguration("postgresql.port", port)
                    .withConfiguration("jzenith.dev-services.directory", directory.toString());
            if (!profile.isEmpty()) {
                app = app.withConfiguration("jzenith.profile", profile);
            }
            final JZenith configured = app;
            assertThatThrownBy(configured::start)
                    .isInstanceOf(StartupException.class)
                    .hasMessageContaining("cannot connect to postgres@127.0.0.1:" + port + "/postgres");
            assertThat(directory)
                    .as("no dev service in profile '" + profile + "'")
                    .doesNotExist();
        }
    }

    private static List<Path> leftFolders(final Path directory) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (var children = Files.list(directory)) {
            return children.toList();
        } catch (final java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The application's readiness, through its health checks. */
    private static final class Probes {
        static boolean readinessUp(final JZenith app) {
            return org.jzenith.test.Probes.readiness(app, PostgresqlHealthCheck.NAME)
                    .isUp();
        }
    }
}
