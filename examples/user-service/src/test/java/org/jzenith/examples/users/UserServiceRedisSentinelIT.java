package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
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
 * recovers by itself; every user whose creation was acknowledged (201) is found afterwards. The
 * failover time is printed.
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
    void aKilledPrimaryGives503UntilTheReplicaTakesOverAndNoCreatedUserIsLost() throws Exception {
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
        try {
            Await.until(Duration.ofSeconds(20), "100 users created", () -> created.size() >= 100);
            primary = SENTINEL.primary();
            final long killed = System.nanoTime();
            primary.kill();

            Await.until(
                    RECOVERY, "a creation is refused after the primary was killed", () -> lastRefusedNanos.get() > 0);
            Await.until(
                    RECOVERY,
                    "/health/ready answers 200 again",
                    () -> APP.client().get("/health/ready").status() == 200);
            final int recoveredAt = created.size();
            Await.until(RECOVERY, "users are created again", () -> created.size() >= recoveredAt + 100);
            failover = Duration.ofNanos(lastRefusedNanos.get() - killed);
        } finally {
            creating.set(false);
            load.join(Duration.ofSeconds(10));
        }
        System.out.printf(
                "User service on Sentinel: primary 127.0.0.1:%d killed; POST /users answered 503 for %d ms until"
                        + " the replica 127.0.0.1:%d took over; %d users created in all%n",
                primary.port(), failover.toMillis(), SENTINEL.primaryPort(), created.size());

        assertThat(statuses).as("while the primary was away: 503, never 500").containsOnly(201, 503);
        assertThat(created)
                .as("every user whose creation was acknowledged is found")
                .allMatch(id -> APP.client().get("/users/" + id).status() == 200);
        assertThat(SENTINEL.primaryPort()).isNotEqualTo(primary.port());
    }
}
