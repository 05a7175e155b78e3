package org.jzenith.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.core.JZenith;
import org.jzenith.core.StartupException;

/** start() fails, with the key, the masked URL and the driver's reason, when it cannot connect. */
class StartupFailureIT {

    private static final String URL_PASSWORD = "url-secret-4711";
    private static final String PASSWORD = "config-secret-0815";

    @Test
    void anUnreachablePostgresqlFailsTheStartWithTheUrlAndTheReason() throws IOException {
        final int port = freePort();
        final String url = "jdbc:postgresql://127.0.0.1:" + port + "/test?password=" + URL_PASSWORD;

        final long start = System.nanoTime();
        assertThatThrownBy(() -> start(url, PASSWORD))
                .isInstanceOf(StartupException.class)
                .hasMessageContaining(
                        "The plugin 'jdbc' failed to start: cannot connect to jdbc.url=jdbc:postgresql://127.0.0.1:"
                                + port + "/test?password=****: ")
                .hasMessageContaining("refused")
                .hasMessageContaining(
                        "check that the database runs and jdbc.url, jdbc.username, jdbc.password are right")
                .satisfies(StartupFailureIT::showsNoSecret);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void anUnreachableMariadbFailsTheStartWithTheUrlAndTheReason() throws IOException {
        final int port = freePort();
        final String url = "jdbc:mariadb://127.0.0.1:" + port + "/test?user=root&password=" + URL_PASSWORD;

        assertThatThrownBy(() -> start(url, PASSWORD))
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("cannot connect to jdbc.url=jdbc:mariadb://127.0.0.1:" + port
                        + "/test?user=root&password=****: ")
                .hasMessageContaining("Connection refused")
                .satisfies(StartupFailureIT::showsNoSecret);
    }

    @Test
    void aUrlNoDriverAcceptsSaysWhichDriverToAdd() {
        assertThatThrownBy(() -> start("jdbc:nosuchdb://user:" + URL_PASSWORD + "@localhost/db", PASSWORD))
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("cannot connect to jdbc.url=jdbc:nosuchdb://user:****@localhost/db")
                .hasMessageContaining("no JDBC driver on the classpath accepts this URL")
                .satisfies(StartupFailureIT::showsNoSecret);
    }

    @Test
    void anEmptyPoolIsRejected(@TempDir final Path directory) {
        assertThatThrownBy(() -> JZenith.application()
                        .withPlugins(JdbcPlugin.create())
                        .withConfiguration("jdbc.embedded.directory", directory.toString())
                        .withConfiguration("jdbc.pool.size", 0)
                        .start())
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("jdbc.pool.size=0 is not valid");
    }

    private static void start(final String url, final String password) {
        final JZenith app = JZenith.application()
                .withPlugins(JdbcPlugin.create())
                .withConfiguration("jdbc.url", url)
                .withConfiguration("jdbc.password", password)
                .withConfiguration("jdbc.connection-timeout", "1s");
        try {
            app.start();
        } finally {
            app.stop();
        }
    }

    private static void showsNoSecret(final Throwable failure) {
        final StringWriter trace = new StringWriter();
        failure.printStackTrace(new PrintWriter(trace));
        assertThat(trace.toString()).doesNotContain(URL_PASSWORD).doesNotContain(PASSWORD);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
