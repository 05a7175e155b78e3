package org.jzenith.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.redis.client.Command;
import io.vertx.redis.client.Request;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.jzenith.test.Await;

class PluginRedisTest {

    @Test
    void commandsBeforeStartAndAfterStopFailAsUnavailable() {
        final PluginRedis redis = new PluginRedis();

        assertThat(Await.failure(redis.send(Request.cmd(Command.PING))))
                .isInstanceOf(RedisUnavailableException.class)
                .hasMessage("redis is unavailable: the redis plugin has not started yet");
        assertThat(Await.failure(redis.batch(List.of(Request.cmd(Command.PING)))))
                .isInstanceOf(RedisUnavailableException.class);
        assertThat(Await.failure(redis.connect())).isInstanceOf(RedisUnavailableException.class);
        assertThat(redis.running()).isEmpty();

        assertThat(redis.stop()).isEmpty();
        assertThat(Await.failure(redis.send(Request.cmd(Command.PING))))
                .hasMessage("redis is unavailable: the redis plugin has stopped");
    }
}
