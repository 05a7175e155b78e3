package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisConnection;
import io.vertx.redis.client.Request;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.Await;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestResponse;
import org.jzenith.test.services.PrivateRedis;
import org.jzenith.test.services.PrivateRedisSentinel;

/**
 * The user service with {@code user.store=redis} on a Sentinel-managed primary and replica that the
 * test kit starts: the whole API contract holds, and when the primary is killed (SIGKILL) while users
 * are being created, the service answers 503 until the sentinels have promoted the replica, then
 * recovers by itself.
 *
 * <p>What survives the failover is what the replica had received: Redis replicates asynchronously and
 * the plugin waits for no replica, so a creation acknowledged (201) in the moments before the kill may
 * be missing afterwards. The test checks that real guarantee: every user acknowledged before a {@code
 * WAIT 1} on the primary confirmed the replica had caught up is found, and so is every user created
 * after the recovery; of those acknowledged in between it only prints how many were lost, with the
 * failover time.
 */
class UserServiceRedisSentinelIT extends UserApiContract {

    private static final Duration RECOVERY = Duration.ofSeconds(30);

    @RegisterExtension
    @Order(1)
    static final PrivateRedisSentinel SENTINEL = PrivateRedisSentinel.create();

    @RegisterExtension
    @Order(2)
    static final JZenithExtension APP = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("user.store", "redis")
            .withConfiguration("redis.type", "sentinel")
            .withConfiguration("redis.master-name", PrivateRedisSentinel.MASTER_NAME)
            .withConfiguration("redis.connection-string", SENTINEL.connectionString())
            .withConfiguration("redis.command-timeout", "1s")
            .withConfiguration("redis.connect-timeout", "500ms");

    @Override
    protected JZenithExtension app() {
        return APP;
    }

    @Override
    protected String databaseCheck() {
        return "redis";
    }

    @Test
    void aKilledPrimaryGives503UntilTheReplicaTakesOverAndNoUserTheReplicaHadIsLost() throws Exception {
        final List<String> created = new CopyOnWriteArrayList<>();
        final Set<Integer> statuses = ConcurrentHashMap.newKeySet();
        final AtomicLong lastRefusedNanos = new AtomicLong();
        final AtomicBoolean creating = new AtomicBoolean(true);
        final Thread load = Thread.ofVirtual().start(() -> {
            for (int i = 0; creating.get(); i++) {
                final TestResponse response = APP.client().post("/users", Map.of("name", "User " + i));
                statuses.add(response.status());
                if (response.status() == 201) {
                    created.add(response.json().get("id").asText());
                } else {
                    lastRefusedNanos.set(System.nanoTime());
                }
            }
        });
        final Duration failover;
        final PrivateRedis primary;
        final List<String> replicated;
        final int recoveredAt;
        try {
            Await.until(Duration.ofSeconds(20), "100 users created", () -> created.size() >= 100);
            primary = SENTINEL.primary();
            // Each of these was written on the primary before the marker below, so it precedes the
            // marker in the replication stream: WAIT's answer of 1 says the replica has them all.
            replicated = List.copyOf(created);
            assertThat(replicaConfirmsAWriteOn(primary))
                    .as("replicas that acknowledged a write issued after %d creations", replicated.size())
                    .isEqualTo(1);
            final long killed = System.nanoTime();
            primary.kill();

            Await.until(
                    RECOVERY, "a creation is refused after the primary was killed", () -> lastRefusedNanos.get() > 0);
            Await.until(
                    RECOVERY,
                    "/health/ready answers 200 again",
                    () -> APP.client().get("/health/ready").status() == 200);
            recoveredAt = created.size();
            Await.until(RECOVERY, "users are created again", () -> created.size() >= recoveredAt + 100);
            failover = Duration.ofNanos(lastRefusedNanos.get() - killed);
        } finally {
            creating.set(false);
            load.join(Duration.ofSeconds(10));
        }
        final List<String> inBetween = created.subList(replicated.size(), recoveredAt);
        final long lost = inBetween.stream()
                .filter(id -> APP.client().get("/users/" + id).status() == 404)
                .count();
        System.out.printf(
                "User service on Sentinel: primary 127.0.0.1:%d killed; POST /users answered 503 for %d ms until"
                        + " the replica 127.0.0.1:%d took over; %d users created in all; of the %d acknowledged"
                        + " after the replica confirmed the first %d, %d were lost with the primary%n",
                primary.port(),
                failover.toMillis(),
                SENTINEL.primaryPort(),
                created.size(),
                inBetween.size(),
                replicated.size(),
                lost);

        assertThat(statuses).as("while the primary was away: 503, never 500").containsOnly(201, 503);
        assertThat(replicated)
                .as("every user acknowledged before the replica confirmed it had caught up is found")
                .allMatch(id -> APP.client().get("/users/" + id).status() == 200);
        assertThat(created.subList(recoveredAt, created.size()))
                .as("every user created on the promoted replica is found")
                .allMatch(id -> APP.client().get("/users/" + id).status() == 200);
        assertThat(SENTINEL.primaryPort()).isNotEqualTo(primary.port());
    }

    /**
     * Writes a marker on {@code primary} and asks {@code WAIT 1}: how many replicas acknowledged the
     * replication stream up to it (within 10 s), on a connection of the test's own.
     */
    private static long replicaConfirmsAWriteOn(final PrivateRedis primary) throws Exception {
        final Vertx vertx = APP.application().instance(Vertx.class);
        final Redis client = Redis.createClient(vertx, primary.connectionString());
        try {
            final RedisConnection connection =
                    client.connect().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            try {
                connection
                        .send(Request.cmd(Command.SET)
                                .arg("user-service-it:replication-marker")
                                .arg("1"))
                        .toCompletionStage()
                        .toCompletableFuture()
                        .get(10, TimeUnit.SECONDS);
                return connection
                        .send(Request.cmd(Command.WAIT).arg(1).arg(10_000))
                        .toCompletionStage()
                        .toCompletableFuture()
                        .get(15, TimeUnit.SECONDS)
                        .toLong();
            } finally {
                connection.close();
            }
        } finally {
            client.close();
        }
    }
}
