package org.jzenith.redis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.health.HealthStatus;
import org.jzenith.test.Await;
import org.jzenith.test.Probes;
import org.jzenith.test.services.PrivateRedis;
import org.jzenith.test.services.PrivateRedisCluster;

/**
 * The plugin against a Redis Cluster of three masters that the test kit starts: keys land on every
 * master, reads across hash slots ({@code MGET}) find them all, and the health check is UP.
 */
class RedisClusterIT {

    @RegisterExtension
    @Order(1)
    static final PrivateRedisCluster CLUSTER = PrivateRedisCluster.create();

    private static JZenith app;

    @BeforeAll
    static void startApplication() {
        app = JZenith.application()
                .withPlugins(RedisPlugin.create())
                .withConfiguration("redis.type", "cluster")
                .withConfiguration("redis.connection-string", CLUSTER.connectionString())
                .start();
    }

    @AfterAll
    static void stopApplication() {
        if (app != null) {
            app.stop();
        }
    }

    @Test
    void keysSpreadOverEveryMasterAndAreReadBackAcrossSlots() {
        final RedisJsonDao<Item> items =
                new RedisJsonDao<>(app.instance(Redis.class), new ObjectMapper(), Item.class, "item:");
        final List<String> ids = IntStream.range(0, 60).mapToObj(i -> "id-" + i).toList();
        for (final String id : ids) {
            Await.result(items.set(id, new Item(id, 1)));
        }

        final List<Optional<Item>> read = Await.result(items.getAll(ids));
        assertThat(read).hasSize(ids.size()).allMatch(Optional::isPresent);
        assertThat(Await.result(items.get("id-7"))).contains(new Item("id-7", 1));
        assertThat(keysPerMaster()).as("keys on each master").allMatch(count -> count > 0);
        assertThat(Probes.readiness(app, "redis").status()).isEqualTo(HealthStatus.UP);
    }

    /** How many keys each master holds, asked of each directly. */
    private static List<Long> keysPerMaster() {
        final Vertx vertx = app.instance(Vertx.class);
        final List<Long> counts = new ArrayList<>();
        for (final PrivateRedis node : CLUSTER.nodes()) {
            final Redis direct = Redis.createClient(vertx, node.redis().uri());
            try {
                counts.add(
                        Await.result(direct.send(Request.cmd(Command.DBSIZE))).toLong());
            } finally {
                direct.close();
            }
        }
        return counts;
    }
}
