package org.jzenith.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.StartupException;

/** start() fails, with the key, the masked connection string and the reason, when it cannot talk to Redis. */
class StartupFailureIT {

    private static final String URL_PASSWORD = "url-secret-4711";
    private static final String PASSWORD = "config-secret-0815";

    @Test
    void anUnreachableRedisFailsTheStartWithTheConnectionStringAndTheReason() throws IOException {
        final int port = freePort();
        final long start = System.nanoTime();

        assertThatThrownBy(() -> start("redis://:" + URL_PASSWORD + "@127.0.0.1:" + port))
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("The plugin 'redis' failed to start: cannot connect to"
                        + " redis.connection-string=redis://:****@127.0.0.1:" + port + ": ")
                .hasMessageContaining("refused")
                .hasMessageContaining(
                        "check that Redis runs and that redis.connection-string, redis.type and redis.password are right")
                .satisfies(StartupFailureIT::showsNoSecret);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void aServerThatDoesNotAnswerFailsTheStartWithinTheCommandTimeout() throws IOException {
        final List<Socket> accepted = new CopyOnWriteArrayList<>();
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> {
                try {
                    while (true) {
                        accepted.add(silent.accept()); // and never answer
                    }
                } catch (final IOException e) {
                    // closed: the test is over
                }
            });
            final long start = System.nanoTime();
            assertThatThrownBy(() -> start("redis://127.0.0.1:" + silent.getLocalPort()))
                    .isInstanceOf(StartupException.class)
                    .hasMessageContaining(
                            "cannot connect to redis.connection-string=redis://127.0.0.1:" + silent.getLocalPort())
                    .hasMessageContaining("it did not answer within 500 ms (redis.command-timeout)");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        } finally {
            for (final Socket socket : accepted) {
                socket.close();
            }
        }
    }

    @Test
    void invalidSettingsAreRejectedTogether() {
        final JZenith app = JZenith.application()
                .withPlugins(RedisPlugin.create())
                .withConfiguration("redis.connection-string", "localhost:6379")
                .withConfiguration("redis.pool.size", 0);
        try {
            assertThatThrownBy(app::start)
                    .isInstanceOf(StartupException.class)
                    .hasMessageContaining("redis.connection-string=localhost:6379 is not valid: expected redis://")
                    .hasMessageContaining("redis.pool.size=0 is not valid");
        } finally {
            app.stop();
        }
    }

    private static void start(final String connectionString) {
        final JZenith app = JZenith.application()
                .withPlugins(RedisPlugin.create())
                .withConfiguration("redis.connection-string", connectionString)
                .withConfiguration("redis.password", PASSWORD)
                .withConfiguration("redis.command-timeout", "500ms");
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
