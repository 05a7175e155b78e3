package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Future;
import io.vertx.redis.client.RedisAPI;
import io.vertx.redis.client.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.examples.users.persistence.RedisUserDao;
import org.jzenith.examples.users.service.Page;
import org.jzenith.examples.users.service.User;
import org.jzenith.examples.users.service.UserDao;
import org.jzenith.examples.users.service.UserService;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestResponse;
import org.jzenith.test.services.LocalServices;

/**
 * The user service with {@code user.store=redis}: the same resources and service layer on {@link
 * RedisUserDao}, against the machine's Redis, under a key prefix of its own.
 */
class UserServiceRedisIT extends UserApiContract {

    private static final LocalServices.Redis REDIS = LocalServices.redis();
    private static final String PREFIX = RedisKeys.freshPrefix();

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("user.store", "redis")
            .withConfiguration("redis.connection-string", REDIS.uri())
            .withConfiguration("redis.key-prefix", PREFIX);

    @AfterAll
    static void removeTheKeys() throws Exception {
        RedisKeys.removeAll(APP, PREFIX);
    }

    @Override
    protected JZenithExtension app() {
        return APP;
    }

    @Override
    protected String databaseCheck() {
        return "redis";
    }

    @Test
    void runsOnTheRedisDaoWithoutTheJdbcPlugin() {
        assertThat(APP.application().instance(UserDao.class)).isInstanceOf(RedisUserDao.class);
        final TestResponse health = APP.client().get("/health/ready");
        assertThat(health.body()).contains("\"name\":\"redis\"").doesNotContain("\"name\":\"jdbc\"");
    }

    @Test
    void keepsTheValueAndTheIndexTogether() throws Exception {
        final String id = APP.client()
                .post("/users", Map.of("name", "Ada Lovelace"))
                .json()
                .get("id")
                .asText();
        final User created = value(APP.application().instance(UserDao.class).find(UUID.fromString(id)))
                .orElseThrow();

        final JsonNode stored = storedJson(id);
        assertThat(stored.get("id").asText()).isEqualTo(id);
        assertThat(stored.get("name").asText()).isEqualTo("Ada Lovelace");
        assertThat(Instant.parse(stored.get("createdAt").asText())).isEqualTo(created.createdAt());
        assertThat(score(id)).isEqualTo(micros(created.createdAt()));

        assertThat(APP.client().put("/users/" + id, Map.of("name", "Ada King")).status())
                .isEqualTo(200);
        assertThat(storedJson(id).get("name").asText()).isEqualTo("Ada King");
        assertThat(Instant.parse(storedJson(id).get("createdAt").asText())).isEqualTo(created.createdAt());
        assertThat(score(id)).isEqualTo(micros(created.createdAt()));

        assertThat(APP.client().delete("/users/" + id).status()).isEqualTo(204);
        assertThat(value(api().get(PREFIX + "user:" + id))).isNull();
        assertThat(value(api().zscore(PREFIX + "users:by-created", id))).isNull();
    }

    @Test
    void readsBackWhatItWroteToTheMicrosecond() {
        final User created = APP.application().instance(UserService.class).create("Katherine Johnson");
        final UserDao dao = APP.application().instance(UserDao.class);

        assertThat(value(dao.find(created.id()))).contains(created);
        assertThat(value(dao.find(UUID.randomUUID()))).isEmpty();
        assertThat(value(dao.rename(UUID.randomUUID(), "nobody"))).isEmpty();
        assertThat(value(dao.delete(UUID.randomUUID()))).isFalse();
    }

    @Test
    void renamesKeepEveryCharacter() {
        final User created = APP.application().instance(UserService.class).create("Zoe");
        final String name = "Zoë \"Q\" / \\ 𝄞 \t 日本 </script>";

        final User renamed = value(APP.application().instance(UserDao.class).rename(created.id(), name))
                .orElseThrow();

        assertThat(renamed).isEqualTo(new User(created.id(), name, created.createdAt()));
        assertThat(value(APP.application().instance(UserDao.class).find(created.id())))
                .contains(renamed);
    }

    @Test
    void pagesAreReadFromTheIndexOldestFirstThenById() {
        final UserDao dao = APP.application().instance(UserDao.class);
        final long before = value(dao.list(0, 1)).total();
        // Far in the future, so that they come last; two at the same time, ordered by id.
        final Instant late = Instant.parse("2200-01-01T00:00:00.000001Z");
        final User first = new User(UUID.fromString("00000000-0000-0000-0000-000000000002"), "first", late);
        final User tieLow =
                new User(UUID.fromString("00000000-0000-0000-0000-000000000003"), "tie low", late.plusNanos(1000));
        final User tieHigh =
                new User(UUID.fromString("00000000-0000-0000-0000-000000000004"), "tie high", late.plusNanos(1000));
        for (final User user : List.of(tieHigh, first, tieLow)) {
            value(dao.create(user));
        }
        try {
            final Page<User> last = value(dao.list((int) before, 3));
            assertThat(last.total()).isEqualTo(before + 3);
            assertThat(last.items()).containsExactly(first, tieLow, tieHigh);
            assertThat(value(dao.list((int) before + 1, 1)).items()).containsExactly(tieLow);
            assertThat(value(dao.list((int) before + 3, 10)).items()).isEmpty();
        } finally {
            for (final User user : List.of(first, tieLow, tieHigh)) {
                value(dao.delete(user.id()));
            }
        }
        assertThat(value(dao.list(0, 1)).total()).isEqualTo(before);
    }

    @Test
    void servesConcurrentWritesKeepingTheIndexWhole() throws InterruptedException {
        final int writers = 8;
        final Thread[] threads = new Thread[writers];
        final String prefix = "concurrent-" + UUID.randomUUID() + "-";
        final Queue<Integer> statuses = new ConcurrentLinkedQueue<>();
        for (int i = 0; i < writers; i++) {
            final int writer = i;
            threads[i] = Thread.ofVirtual().start(() -> {
                for (int j = 0; j < 25; j++) {
                    statuses.add(APP.client()
                            .post("/users", Map.of("name", prefix + writer + "-" + j))
                            .status());
                }
            });
        }
        for (final Thread thread : threads) {
            assertThat(thread.join(Duration.ofSeconds(60))).isTrue();
        }
        assertThat(statuses).hasSize(writers * 25).containsOnly(201);
        final long total =
                APP.client().get("/users?limit=1").json().get("total").asLong();
        assertThat(total).isGreaterThanOrEqualTo(writers * 25L);
        assertThat(value(api().zcard(PREFIX + "users:by-created")).toLong()).isEqualTo(total);
    }

    private static RedisAPI api() {
        return APP.application().instance(RedisAPI.class);
    }

    private static JsonNode storedJson(final String id) throws Exception {
        final Response stored = value(api().get(PREFIX + "user:" + id));
        return new ObjectMapper().readTree(stored.toString());
    }

    private static long score(final String id) {
        return value(api().zscore(PREFIX + "users:by-created", id)).toDouble().longValue();
    }

    private static long micros(final Instant instant) {
        return instant.getEpochSecond() * 1_000_000L + instant.getNano() / 1_000L;
    }

    private static <T> T value(final Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (final Exception e) {
            throw new AssertionError("the store did not answer: " + e, e);
        }
    }
}
