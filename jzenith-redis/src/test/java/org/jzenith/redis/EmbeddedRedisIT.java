package org.jzenith.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import io.vertx.redis.client.RedisAPI;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.jzenith.core.JZenith;
import org.jzenith.core.StartupException;
import org.jzenith.core.health.HealthResult;
import org.jzenith.core.health.HealthStatus;
import org.jzenith.test.Await;
import org.jzenith.test.Probes;
import org.jzenith.test.net.Ports;
import redis.embedded.RedisSentinel;
import redis.embedded.RedisServer;
import redis.embedded.core.RedisSentinelBuilder;

/**
 * The plugin against a Redis server of the test's own, which requires a password and which the
 * tests really stop and start again, without touching the machine's Redis. The server is
 * {@code com.github.codemonstur:embedded-redis} (a redis-server binary inside a jar from Maven
 * Central, started as a child process): a test and development aid only, never a dependency of the
 * plugin.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EmbeddedRedisIT {

    private static final String PASSWORD = "embedded-secret-" + UUID.randomUUID();
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(1);
    private static final Duration MARGIN = Duration.ofMillis(1500);

    private final int port = Ports.free();
    private RedisServer server;

    @BeforeAll
    void startServer() throws IOException {
        server = RedisServer.newRedisServer()
                .bind("127.0.0.1")
                .port(port)
                .setting("requirepass " + PASSWORD)
                .setting("save \"\"")
                .setting("appendonly no")
                .build();
        server.start();
    }

    @AfterAll
    void stopServer() throws IOException {
        if (server != null) {
            server.stop();
        }
    }

    @Test
    void authenticatesWithThePasswordOfTheConfiguration() {
        final JZenith app = start(application()
                .withConfiguration("redis.connection-string", "redis://127.0.0.1:" + port)
                .withConfiguration("redis.password", PASSWORD));
        try {
            Await.result(app.instance(RedisAPI.class).set(List.of("greeting", "hello")));
            assertThat(Await.result(app.instance(RedisAPI.class).get("greeting"))
                            .toString())
                    .isEqualTo("hello");
        } finally {
            app.stop();
        }
    }

    @Test
    void authenticatesWithThePasswordInTheConnectionString() {
        final JZenith app = start(application()
                .withConfiguration("redis.connection-string", "redis://:" + PASSWORD + "@127.0.0.1:" + port));
        try {
            assertThat(health(app).status()).isEqualTo(HealthStatus.UP);
        } finally {
            app.stop();
        }
    }

    @Test
    void aWrongPasswordFailsTheStartWithoutShowingAnyPassword() {
        final String wrong = "wrong-secret-" + UUID.randomUUID();
        assertThat(assertRefusesToStart(
                        application()
                                .withConfiguration(
                                        "redis.connection-string", "redis://:" + PASSWORD + "x@127.0.0.1:" + port)
                                .withConfiguration("redis.password", wrong),
                        "redis.connection-string",
                        wrong,
                        PASSWORD))
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("The plugin 'redis' failed to start: cannot connect to"
                        + " redis.connection-string=redis://:****@127.0.0.1:" + port + ": ")
                .hasMessageContaining("WRONGPASS");
    }

    @Test
    void noPasswordFailsTheStartSayingSo() {
        assertThat(assertRefusesToStart(
                        application().withConfiguration("redis.connection-string", "redis://127.0.0.1:" + port),
                        "redis.connection-string"))
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("cannot connect to redis.connection-string=redis://127.0.0.1:" + port)
                .hasMessageContaining("NOAUTH");
    }

    @Test
    void findsTheServerAgainAfterItWasStoppedAndStarted() throws IOException {
        final JZenith app = start(application()
                .withConfiguration("redis.connection-string", "redis://127.0.0.1:" + port)
                .withConfiguration("redis.password", PASSWORD));
        try {
            final RedisAPI api = app.instance(RedisAPI.class);
            Await.result(api.set(List.of("before", "restart")));

            server.stop();
            try {
                final long start = System.nanoTime();
                final Throwable failure = Await.failure(api.get("before"));
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(COMMAND_TIMEOUT.plus(MARGIN));
                assertThat(failure).isInstanceOf(RedisUnavailableException.class);
                // The pool then opens new connections, which are refused while the server is away.
                assertThat(Await.failure(api.get("before")))
                        .isInstanceOf(RedisUnavailableException.class)
                        .hasMessage("redis is unavailable: cannot connect to it");
                final HealthResult down = health(app);
                assertThat(down.status()).isEqualTo(HealthStatus.DOWN);
                assertThat(down.reason()).hasValueSatisfying(reason -> assertThat(reason)
                        .contains("redis is unavailable: cannot connect to it")
                        .contains("refused")
                        .doesNotContain(PASSWORD));
            } finally {
                server.start();
            }

            Await.until(Duration.ofSeconds(15), "the health check is UP again", () -> health(app)
                    .isUp());
            Await.result(api.set(List.of("after", "restart")));
            assertThat(Await.result(api.get("after")).toString()).isEqualTo("restart");
        } finally {
            app.stop();
        }
    }

    @Test
    void findsTheMasterThroughASentinel() throws IOException {
        final int sentinelPort = Ports.free();
        final RedisSentinelBuilder builder = RedisSentinel.newRedisSentinel()
                .bind("127.0.0.1")
                .port(sentinelPort)
                .masterPort(port)
                .masterName("jzenith");
        builder.addDefaultReplicationGroup(); // the monitor line, which auth-pass must follow
        final RedisSentinel sentinel =
                builder.setting("sentinel auth-pass jzenith " + PASSWORD).build();
        sentinel.start();
        try {
            final JZenith app = start(application()
                    .withConfiguration("redis.connection-string", "redis://127.0.0.1:" + sentinelPort)
                    .withConfiguration("redis.type", "sentinel")
                    .withConfiguration("redis.master-name", "jzenith")
                    .withConfiguration("redis.password", PASSWORD));
            try {
                Await.result(app.instance(RedisAPI.class).set(List.of("through", "sentinel")));
                assertThat(Await.result(app.instance(RedisAPI.class).get("through"))
                                .toString())
                        .isEqualTo("sentinel");
                assertThat(health(app).data()).containsEntry("type", "sentinel");
            } finally {
                app.stop();
            }
        } finally {
            sentinel.stop();
        }
    }

    private static JZenith application() {
        return JZenith.application()
                .withPlugins(RedisPlugin.create())
                .withConfiguration("redis.command-timeout", COMMAND_TIMEOUT.toMillis() + "ms");
    }

    private static JZenith start(final JZenith app) {
        try {
            return app.start();
        } catch (final RuntimeException e) {
            app.stop();
            throw e;
        }
    }

    private static HealthResult health(final JZenith app) {
        return Probes.readiness(app, RedisHealthCheck.NAME);
    }
}
