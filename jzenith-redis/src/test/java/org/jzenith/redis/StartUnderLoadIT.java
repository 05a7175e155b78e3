package org.jzenith.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.StartupException;
import org.jzenith.test.net.TcpProxy;
import org.jzenith.test.services.LocalServices;

/**
 * A replacement instance starting while Redis is too loaded to answer in time, played by a proxy
 * that holds new connections unanswered: the first command times out, is tried again, and the start
 * succeeds once Redis answers; one that never answers within half of {@code jzenith.start-timeout}
 * still fails the start, with the reason.
 */
class StartUnderLoadIT {

    private static final Duration COMMAND_TIMEOUT = Duration.ofMillis(300);

    private TcpProxy proxy;

    @BeforeEach
    void stallRedis() {
        final LocalServices.Redis redis = LocalServices.redis();
        proxy = TcpProxy.start(redis.host(), redis.port());
        proxy.stall();
    }

    @AfterEach
    void closeProxy() {
        proxy.close();
    }

    private JZenith application(final String startTimeout) {
        return JZenith.application()
                .withPlugins(RedisPlugin.create())
                .withConfiguration("redis.connection-string", "redis://" + proxy.host() + ":" + proxy.port())
                .withConfiguration("redis.command-timeout", COMMAND_TIMEOUT.toMillis() + "ms")
                .withConfiguration("jzenith.start-timeout", startTimeout);
    }

    @Test
    void theFirstCommandIsTriedAgainUntilRedisAnswers() {
        Thread.ofVirtual().start(() -> {
            LockSupport.parkNanos(COMMAND_TIMEOUT.multipliedBy(5).toNanos());
            proxy.restore();
        });
        final long start = System.nanoTime();
        final JZenith app = application("60s").start();
        try {
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .as("waited for the stalled server")
                    .isGreaterThan(COMMAND_TIMEOUT.multipliedBy(5));
            assertThat(app.instance(Redis.class)
                            .send(Request.cmd(Command.PING))
                            .await()
                            .toString())
                    .isEqualTo("PONG");
        } finally {
            app.stop();
        }
    }

    @Test
    void redisThatNeverAnswersStillFailsTheStartWithTheReason() {
        // Not the start timeout's own failure ("did not start within 4000 ms"): the plugin gave up first.
        assertThatThrownBy(() -> application("4s").start())
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("The plugin 'redis' failed to start: cannot connect to")
                .hasMessageNotContaining("did not start within");
    }
}
