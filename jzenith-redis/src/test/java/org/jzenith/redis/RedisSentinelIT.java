package org.jzenith.redis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.redis.client.Redis;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
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
import org.jzenith.test.services.PrivateRedisSentinel;

/**
 * The plugin against a Sentinel-managed primary and replica that the test kit starts: it writes to
 * the primary the sentinels name, and when that primary is killed (SIGKILL) under a steady stream of
 * writes, it finds the promoted replica by itself: writes fail for a while, none that was
 * acknowledged is lost, and health is UP again. The failover time is printed.
 */
class RedisSentinelIT {

    private static final Duration RECOVERY = Duration.ofSeconds(30);

    @RegisterExtension
    @Order(1)
    static final PrivateRedisSentinel SENTINEL = PrivateRedisSentinel.create();

    private static JZenith app;

    @BeforeAll
    static void startApplication() {
        app = JZenith.application()
                .withPlugins(RedisPlugin.create())
                .withConfiguration("redis.type", "sentinel")
                .withConfiguration("redis.master-name", PrivateRedisSentinel.MASTER_NAME)
                .withConfiguration("redis.connection-string", SENTINEL.connectionString())
                .withConfiguration("redis.command-timeout", "1s")
                .withConfiguration("redis.connect-timeout", "500ms")
                .start();
    }

    @AfterAll
    static void stopApplication() {
        if (app != null) {
            app.stop();
        }
    }

    @Test
    void aKilledPrimaryIsReplacedByItsReplicaWithoutLosingAcknowledgedWrites() throws Exception {
        final RedisJsonDao<Item> items =
                new RedisJsonDao<>(app.instance(Redis.class), new ObjectMapper(), Item.class, "item:");
        final List<String> acknowledged = new CopyOnWriteArrayList<>();
        final AtomicLong failed = new AtomicLong();
        final AtomicLong lastFailureNanos = new AtomicLong();
        final AtomicBoolean writing = new AtomicBoolean(true);
        final Thread load = Thread.ofVirtual().start(() -> {
            for (int i = 0; writing.get(); i++) {
                final String id = "w-" + i;
                try {
                    items.set(id, new Item(id, i))
                            .toCompletionStage()
                            .toCompletableFuture()
                            .get(5, TimeUnit.SECONDS);
                    acknowledged.add(id);
                } catch (final ExecutionException | TimeoutException e) {
                    failed.incrementAndGet();
                    lastFailureNanos.set(System.nanoTime());
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        });
        try {
            Await.until(Duration.ofSeconds(10), "200 writes acknowledged", () -> acknowledged.size() >= 200);
            final PrivateRedis primary = SENTINEL.primary();
            final int before = acknowledged.size();
            final long killed = System.nanoTime();
            primary.kill();

            Await.until(RECOVERY, "a write fails after the primary was killed", () -> failed.get() > 0);
            final int failedAt = acknowledged.size();
            Await.until(RECOVERY, "writes are acknowledged again", () -> acknowledged.size() >= failedAt + 200);
            final Duration failover = Duration.ofNanos(lastFailureNanos.get() - killed);
            System.out.printf(
                    "Sentinel failover: primary 127.0.0.1:%d killed after %d writes; writes failed for %d ms"
                            + " (%d failed writes) until the replica 127.0.0.1:%d took over%n",
                    primary.port(), before, failover.toMillis(), failed.get(), SENTINEL.primaryPort());
            assertThat(SENTINEL.primaryPort()).isNotEqualTo(primary.port());
        } finally {
            writing.set(false);
            load.join(Duration.ofSeconds(10));
        }

        final List<Optional<Item>> read = new ArrayList<>();
        for (int from = 0; from < acknowledged.size(); from += 500) {
            read.addAll(
                    Await.result(items.getAll(acknowledged.subList(from, Math.min(acknowledged.size(), from + 500)))));
        }
        assertThat(read.stream().filter(Optional::isEmpty).count())
                .as("acknowledged writes lost, of %d", acknowledged.size())
                .isZero();
        Await.until(
                RECOVERY,
                "readiness is UP",
                () -> Probes.readiness(app, "redis").status() == HealthStatus.UP);
    }
}
