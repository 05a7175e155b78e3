package org.jzenith.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.core.JZenith;
import org.jzenith.core.StartupException;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.test.net.Ports;

/**
 * start() fails, with the key, the masked URL and the driver's reason, when it cannot connect; and
 * leaves nothing running (the contract of {@link org.jzenith.test.StartupFailures}).
 */
class StartupFailureIT {

    private static final String URL_PASSWORD = "url-secret-4711";
    private static final String PASSWORD = "config-secret-0815";

    @Test
    void anUnreachablePostgresqlFailsTheStartWithTheUrlAndTheReason() {
        final int port = Ports.free();
        final String url = "jdbc:postgresql://127.0.0.1:" + port + "/test?password=" + URL_PASSWORD;

        final long start = System.nanoTime();
        assertThat(assertRefusesToStart(application(url), "jdbc.url", URL_PASSWORD, PASSWORD))
                .isInstanceOf(StartupException.class)
                .hasMessageContaining(
                        "The plugin 'jdbc' failed to start: cannot connect to jdbc.url=jdbc:postgresql://127.0.0.1:"
                                + port + "/test?password=****: ")
                .hasMessageContaining("refused")
                .hasMessageContaining(
                        "check that the database runs and jdbc.url, jdbc.username, jdbc.password are right");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void anUnreachableMariadbFailsTheStartWithTheUrlAndTheReason() {
        final int port = Ports.free();
        final String url = "jdbc:mariadb://127.0.0.1:" + port + "/test?user=root&password=" + URL_PASSWORD;

        assertThat(assertRefusesToStart(application(url), "jdbc.url", URL_PASSWORD, PASSWORD))
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("cannot connect to jdbc.url=jdbc:mariadb://127.0.0.1:" + port
                        + "/test?user=root&password=****: ")
                .hasMessageContaining("Connection refused");
    }

    @Test
    void aUrlNoDriverAcceptsSaysWhichDriverToAdd() {
        assertThat(assertRefusesToStart(
                        application("jdbc:nosuchdb://user:" + URL_PASSWORD + "@localhost/db"),
                        "jdbc.url",
                        URL_PASSWORD,
                        PASSWORD))
                .as("reported before anything starts, with the other configuration problems")
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("jdbc.url (code (withConfiguration)): \"jdbc:nosuchdb://user:****@localhost/db\""
                        + " is not valid: expected a URL that a JDBC driver on the classpath accepts; add your"
                        + " database's driver");
    }

    @Test
    void anEmptyPoolIsRejected(@TempDir final Path directory) {
        assertThat(assertRefusesToStart(
                        JZenith.application()
                                .withPlugins(JdbcPlugin.create())
                                .withConfiguration("jdbc.embedded.directory", directory.toString())
                                .withConfiguration("jdbc.pool.size", 0),
                        "jdbc.pool.size"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining(
                        "jdbc.pool.size (code (withConfiguration)): \"0\" is not valid: expected 1 to 1000");
    }

    private static JZenith application(final String url) {
        return JZenith.application()
                .withPlugins(JdbcPlugin.create())
                .withConfiguration("jdbc.url", url)
                .withConfiguration("jdbc.password", PASSWORD)
                .withConfiguration("jdbc.connection-timeout", "1s");
    }
}
