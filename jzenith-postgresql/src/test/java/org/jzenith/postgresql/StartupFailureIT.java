package org.jzenith.postgresql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.StartupException;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.test.net.Ports;
import org.jzenith.test.services.LocalServices;

/**
 * start() fails with a message that names the key to fix, without the password, when the plugin
 * cannot connect, log in, find its database or migrate it; and leaves nothing running (the
 * contract of {@link org.jzenith.test.StartupFailures}).
 */
class StartupFailureIT {

    private static final String PASSWORD = "config-secret-0815";
    private static final String URL_PASSWORD = "url-secret-4711";

    @Test
    void anUnknownDatabaseNamesPostgresqlDatabase() {
        final LocalServices.Database server = LocalServices.postgresql();
        assertThat(assertRefusesToStart(
                        TestDatabases.configure(application(), server.withDatabase("no_such_db_4711"))
                                .withConfiguration("postgresql.password", PASSWORD),
                        "postgresql.database",
                        PASSWORD))
                .isInstanceOf(StartupException.class)
                .hasMessageStartingWith("The plugin 'postgresql' failed to start: cannot connect to postgres@127.0.0.1:"
                        + server.port() + "/no_such_db_4711")
                .hasMessageContaining("database \"no_such_db_4711\" does not exist (3D000)")
                .hasMessageEndingWith("; set postgresql.database to a database that exists, or create it: CREATE"
                        + " DATABASE no_such_db_4711");
    }

    @Test
    void anUnknownRoleNamesPostgresqlUsername() {
        final LocalServices.Database server = LocalServices.postgresql();
        assertThat(assertRefusesToStart(
                        TestDatabases.configure(application(), server)
                                .withConfiguration("postgresql.username", "no_such_role_4711")
                                .withConfiguration("postgresql.password", PASSWORD),
                        "postgresql.username",
                        PASSWORD))
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("role \"no_such_role_4711\" does not exist (28000)")
                .hasMessageContaining("; set postgresql.username to a role that exists and may log in to 'test'");
    }

    @Test
    void aWrongUrlNamesPostgresqlUrl() {
        final LocalServices.Database server = LocalServices.postgresql();
        final String url =
                "postgresql://no_such_role_4711:" + URL_PASSWORD + "@" + server.host() + ":" + server.port() + "/test";
        assertThat(assertRefusesToStart(
                        application().withConfiguration("postgresql.url", url), "postgresql.url", URL_PASSWORD))
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("cannot connect to postgresql.url=postgresql://no_such_role_4711:****@")
                .hasMessageContaining("; correct the user in postgresql.url");
    }

    @Test
    void anUnreachableServerNamesHostAndPortQuickly() {
        final int port = Ports.free();
        final long start = System.nanoTime();
        assertThat(assertRefusesToStart(
                        application()
                                .withConfiguration("postgresql.port", port)
                                .withConfiguration("postgresql.password", PASSWORD),
                        "postgresql.port",
                        PASSWORD))
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("cannot connect to postgres@127.0.0.1:" + port + "/postgres")
                .hasMessageContaining("Connection refused")
                .hasMessageEndingWith("check that PostgreSQL runs and accepts connections at 127.0.0.1:" + port
                        + ", and postgresql.host and postgresql.port");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void aFailingMigrationNamesPostgresqlMigrate() {
        // A schema with tables but without Flyway's history: Flyway will not migrate it blindly.
        final LocalServices.Database database =
                TestDatabases.fresh("jzenith_postgresql_broken_it", "CREATE TABLE items (other INTEGER)");
        assertThat(assertRefusesToStart(TestDatabases.configure(application(), database), "postgresql.migrate"))
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("cannot apply the migrations in classpath:db/migration to postgres@")
                .hasMessageContaining("Found non-empty schema(s) \"public\" but no schema history table")
                .hasMessageEndingWith(
                        "; fix the failing migration, or set postgresql.migrate=false to start without migrating");

        // Without migrating, it starts.
        final JZenith app =
                TestDatabases.configure(application(), database).withConfiguration("postgresql.migrate", false);
        try {
            app.start();
        } finally {
            app.stop();
        }
    }

    @Test
    void invalidSettingsAreRejectedTogetherBeforeConnecting() {
        assertThat(assertRefusesToStart(
                        application()
                                .withConfiguration("postgresql.pool.size", 0)
                                .withConfiguration("postgresql.connection-timeout", "10ms")
                                .withConfiguration("postgresql.pipelining-limit", 0)
                                .withConfiguration("postgresql.url", "postgresql://u:" + URL_PASSWORD + "@h:x/d"),
                        "postgresql.pool.size",
                        URL_PASSWORD))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("The configuration has 4 problems:")
                .hasMessageContaining(
                        "postgresql.pool.size (code (withConfiguration)): \"0\" is not valid: expected 1 to 1000")
                .hasMessageContaining("postgresql.connection-timeout (code (withConfiguration)): \"10ms\" is not valid:"
                        + " expected a duration of 100ms to 10m")
                .hasMessageContaining("postgresql.pipelining-limit (code (withConfiguration)): \"0\" is not valid:"
                        + " expected 1 to 65535 (1 turns pipelining off)")
                .hasMessageContaining("postgresql.url (code (withConfiguration)): \"postgresql://u:****@h:x/d\" is not"
                        + " valid: expected postgresql://user:password@host:port/database");
    }

    private static JZenith application() {
        return JZenith.application()
                .withPlugins(PostgresqlPlugin.create())
                .withConfiguration("postgresql.connection-timeout", "1s");
    }
}
