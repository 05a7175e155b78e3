package org.jzenith.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.VertxException;
import io.vertx.core.http.ConnectionPoolTooBusyException;
import io.vertx.redis.client.impl.types.ErrorType;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.nio.channels.ClosedChannelException;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.jzenith.test.Configurations;

class UnavailableTest {

    private final RedisTarget target =
            RedisTarget.of(Configurations.read(RedisConfiguration.class, Map.of("redis.command-timeout", "750ms")));

    @Test
    void connectionFailuresTimeoutsAndFullQueuesAreUnavailable() {
        assertThat(reason(new ConnectException("Connection refused"))).isEqualTo("cannot connect to it");
        assertThat(reason(new SocketException("Connection reset"))).isEqualTo("the connection to it was lost");
        assertThat(reason(new IOException("Connection reset by peer"))).isEqualTo("the connection to it was lost");
        assertThat(reason(new ClosedChannelException())).isEqualTo("the connection to it was lost");
        assertThat(reason(new VertxException(Unavailable.CONNECTION_CLOSED, true)))
                .isEqualTo("the connection to it was lost");
        assertThat(reason(ErrorType.create(Unavailable.CONNECTION_ENDED)))
                .as("the client's reply to the commands still waiting when the server ended the connection")
                .isEqualTo("the connection to it was lost");
        assertThat(reason(new TimeoutException("Timeout 750 (ms) fired")))
                .isEqualTo("it did not answer within 750 ms (redis.command-timeout)");
        assertThat(reason(new ConnectionPoolTooBusyException("Connection pool reached max wait queue size of 1024")))
                .isEqualTo("1024 commands wait for a connection already (redis.pool.max-waiting)");
        assertThat(reason(new VertxException(Unavailable.WAITING_QUEUE_FULL, true)))
                .isEqualTo("too many commands wait for answers on one connection (redis.max-waiting-handlers)");
        assertThat(reason(ErrorType.create("LOADING Redis is loading the dataset in memory")))
                .isEqualTo("it cannot serve now (LOADING)");
        assertThat(reason(ErrorType.create("MASTERDOWN Link with MASTER is down")))
                .isEqualTo("it cannot serve now (MASTERDOWN)");
    }

    @Test
    void theApplicationsOwnErrorsPassUnchanged() {
        final Throwable wrongType =
                ErrorType.create("WRONGTYPE Operation against a key holding the wrong kind of value");
        final Throwable bug = new IllegalStateException("a bug");

        assertThat(Unavailable.translate(wrongType, target)).isSameAs(wrongType);
        assertThat(Unavailable.translate(bug, target)).isSameAs(bug);
        assertThat(Unavailable.is(new VertxException("Something else", true))).isFalse();
    }

    @Test
    void translatesOnceKeepingTheCause() {
        final ConnectException refused = new ConnectException("Connection refused: /127.0.0.1:6379");
        final Throwable translated = Unavailable.translate(refused, target);

        assertThat(translated)
                .isInstanceOf(RedisUnavailableException.class)
                .hasMessage("redis is unavailable: cannot connect to it")
                .hasCause(refused);
        assertThat(Unavailable.translate(translated, target)).isSameAs(translated);
    }

    private String reason(final Throwable failure) {
        assertThat(Unavailable.is(failure)).as(failure.toString()).isTrue();
        final Throwable translated = Unavailable.translate(failure, target);
        assertThat(translated).isInstanceOf(RedisUnavailableException.class).hasCause(failure);
        return translated.getMessage().substring("redis is unavailable: ".length());
    }
}
