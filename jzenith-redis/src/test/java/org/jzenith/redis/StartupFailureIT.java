package org.jzenith.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.StartupException;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.test.net.Ports;

/**
 * start() fails, with the key, the masked connection string and the reason, when it cannot talk to
 * Redis; and leaves nothing running (the contract of {@link org.jzenith.test.StartupFailures}).
 */
class StartupFailureIT {

    private static final String URL_PASSWORD = "url-secret-4711";
    private static final String PASSWORD = "config-secret-0815";

    @Test
    void anUnreachableRedisFailsTheStartWithTheConnectionStringAndTheReason() {
        final int port = Ports.free();
        final long start = System.nanoTime();

        assertThat(assertRefusesToStart(
                        application("redis://:" + URL_PASSWORD + "@127.0.0.1:" + port),
                        "redis.connection-string",
                        URL_PASSWORD,
                        PASSWORD))
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("The plugin 'redis' failed to start: cannot connect to"
                        + " redis.connection-string=redis://:****@127.0.0.1:" + port + ": ")
                .hasMessageContaining("refused")
                .hasMessageContaining(
                        "check that Redis runs and that redis.connection-string, redis.type and redis.password are right");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void aServerThatDoesNotAnswerFailsTheStartOnceHalfTheStartTimeoutHasPassed() throws IOException {
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
            assertThat(assertRefusesToStart(
                            // A command that times out is tried again for half the start timeout.
                            application("redis://127.0.0.1:" + silent.getLocalPort())
                                    .withConfiguration("jzenith.start-timeout", "4s"),
                            "redis.command-timeout",
                            PASSWORD))
                    .isInstanceOf(StartupException.class)
                    .hasMessageContaining(
                            "cannot connect to redis.connection-string=redis://127.0.0.1:" + silent.getLocalPort())
                    .hasMessageContaining("it did not answer within 500 ms (redis.command-timeout)");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(8));
        } finally {
            for (final Socket socket : accepted) {
                socket.close();
            }
        }
    }

    @Test
    void invalidSettingsAreRejectedTogether() {
        assertThat(assertRefusesToStart(
                        JZenith.application()
                                .withPlugins(RedisPlugin.create())
                                .withConfiguration("redis.connection-string", "localhost:6379")
                                .withConfiguration("redis.pool.size", 0),
                        "redis.pool.size"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("The configuration has 2 problems:")
                .hasMessageContaining(
                        "redis.connection-string (code (withConfiguration)): \"localhost:6379\" is not valid: expected redis://")
                .hasMessageContaining(
                        "redis.pool.size (code (withConfiguration)): \"0\" is not valid: expected 1 to 1000");
    }

    private static JZenith application(final String connectionString) {
        return JZenith.application()
                .withPlugins(RedisPlugin.create())
                .withConfiguration("redis.connection-string", connectionString)
                .withConfiguration("redis.password", PASSWORD)
                .withConfiguration("redis.command-timeout", "500ms");
    }
}
