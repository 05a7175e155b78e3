package org.jzenith.redis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Future;
import io.vertx.redis.client.Command;
import io.vertx.redis.client.Redis;
import io.vertx.redis.client.RedisAPI;
import io.vertx.redis.client.RedisConnection;
import io.vertx.redis.client.Request;
import io.vertx.redis.client.Response;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.jzenith.core.JZenith;
import org.jzenith.core.errors.ExceptionMapping;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;
import org.jzenith.core.health.HealthStatus;
import org.jzenith.core.store.StoreUnavailableException;
import org.jzenith.test.Await;
import org.jzenith.test.Probes;
import org.jzenith.test.net.TcpProxy;
import org.jzenith.test.services.LocalServices;

/**
 * The plugin against the machine's Redis, reached through a proxy that the tests cut and restore.
 * Its keys live under a prefix of their own, removed afterwards, so that runs in parallel do not
 * meet.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RedisPluginIT {

    static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(1);
    static final Duration MARGIN = Duration.ofMillis(1500);
    static final int POOL_SIZE = 4;

    private final String prefix = "jzenith-redis-it:" + UUID.randomUUID() + ":";
    private TcpProxy proxy;
    private JZenith app;
    private RedisJsonDao<Item> items;

    @BeforeAll
    void startApplication() {
        final LocalServices.Redis server = LocalServices.redis();
        proxy = TcpProxy.start(server.host(), server.port());
        app = JZenith.application()
                .withPlugins(RedisPlugin.create())
                .withConfiguration(
                        "redis.connection-string",
                        server.through(proxy.host(), proxy.port()).uri())
                .withConfiguration("redis.pool.size", POOL_SIZE)
                .withConfiguration("redis.command-timeout", COMMAND_TIMEOUT.toMillis() + "ms")
                .withConfiguration("redis.key-prefix", prefix)
                .start();
        items = new RedisJsonDao<>(app.instance(Redis.class), new ObjectMapper(), Item.class, prefix + "item:");
    }

    @AfterAll
    void stopApplication() {
        try {
            if (app != null) {
                final RedisJsonDao<Item> all =
                        new RedisJsonDao<>(app.instance(Redis.class), new ObjectMapper(), Item.class, prefix);
                for (final String id : Await.result(all.ids(""))) {
                    Await.result(all.delete(id));
                }
                app.stop();
            }
        } finally {
            if (proxy != null) {
                proxy.close();
            }
        }
    }

    @Test
    void theInjectedClientsTalkToRedis() {
        final RedisAPI api = app.instance(RedisAPI.class);
        Await.result(api.set(List.of(prefix + "plain", "value")));

        assertThat(Await.result(api.get(prefix + "plain")).toString()).isEqualTo("value");
        assertThat(Await.result(app.instance(Redis.class).send(Request.cmd(Command.PING)))
                        .toString())
                .isEqualTo("PONG");
        assertThat(app.instance(Redis.class)).isSameAs(app.instance(PluginRedis.class));
    }

    @Test
    void theJsonDaoStoresReadsAndDeletes() {
        Await.result(items.set("a", new Item("apple", 3)));
        Await.result(items.set("b", new Item("banana", 5)));

        assertThat(Await.result(items.get("a"))).contains(new Item("apple", 3));
        assertThat(Await.result(items.get("missing"))).isEmpty();
        assertThat(Await.result(items.getAll(List.of("b", "missing", "a"))))
                .containsExactly(
                        Optional.of(new Item("banana", 5)), Optional.empty(), Optional.of(new Item("apple", 3)));
        assertThat(Await.result(app.instance(RedisAPI.class).get(items.key("a")))
                        .toString())
                .isEqualTo("{\"name\":\"apple\",\"count\":3}");

        Await.result(items.set("a", new Item("apricot", 1)));
        assertThat(Await.result(items.get("a"))).contains(new Item("apricot", 1));

        assertThat(Await.result(items.delete("a"))).isTrue();
        assertThat(Await.result(items.delete("a"))).isFalse();
        assertThat(Await.result(items.get("a"))).isEmpty();
        assertThat(Await.result(items.getAll(List.of()))).isEmpty();
    }

    @Test
    void valuesExpireAfterTheirTimeToLive() {
        Await.result(items.set("short", new Item("mayfly", 1), Duration.ofMillis(300)));
        final long ttl = Await.result(app.instance(RedisAPI.class).pttl(items.key("short")))
                .toLong();
        assertThat(ttl).isBetween(1L, 300L);
        Await.until(Duration.ofSeconds(5), "the value expired", () -> Await.result(items.get("short"))
                .isEmpty());

        assertThat(Await.failure(items.set("x", new Item("x", 0), Duration.ZERO)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be at least 1 ms");
    }

    @Test
    void listsIdsByPrefixWithScanThroughManyKeys() {
        final int count = 3 * RedisJsonDao.SCAN_COUNT;
        final List<Request> requests = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            requests.add(
                    Request.cmd(Command.SET).arg(items.key("bulk:" + i)).arg("{\"name\":\"n\",\"count\":" + i + "}"));
        }
        Await.result(app.instance(Redis.class).batch(requests));
        Await.result(items.set("bulky", new Item("not in bulk:", 0)));
        Await.result(items.set("glob*", new Item("star", 0)));
        Await.result(items.set("globe", new Item("no star", 0)));

        final List<String> ids = Await.result(items.ids("bulk:"));
        assertThat(ids).hasSize(count).doesNotHaveDuplicates().contains("bulk:0", "bulk:" + (count - 1));
        assertThat(ids).isSorted();
        assertThat(Await.result(items.ids("glob*"))).containsExactly("glob*");
        assertThat(Await.result(items.ids("nothing-here"))).isEmpty();
    }

    @Test
    void aValueThatIsNotTheTypesJsonFailsTheReadNamingTheKey() {
        Await.result(
                app.instance(RedisAPI.class).set(List.of(items.key("broken"), "{\"name\": 42, \"count\": \"many\"}")));
        Await.result(app.instance(RedisAPI.class).set(List.of(items.key("garbage"), "not json")));

        assertThat(Await.failure(items.get("broken")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith(
                        "The value of the Redis key " + items.key("broken") + " is not a Item in JSON: ")
                .hasMessageContaining("many");
        assertThat(Await.failure(items.get("garbage")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(items.key("garbage"))
                .hasMessageContaining("(at line 1, column");
    }

    @Test
    void theHealthCheckIsUpWithData() {
        final HealthResult result = redisHealth();
        assertThat(result.status()).isEqualTo(HealthStatus.UP);
        assertThat(result.data()).containsEntry("type", "standalone").containsEntry("max", POOL_SIZE);
        assertThat((String) result.data().get("version")).matches("\\d+\\.\\d+.*");
        assertThat(app.instance(RedisHealthCheck.class).kinds()).containsExactly(HealthCheck.Kind.READINESS);
        assertThat(app.instance(RedisHealthCheck.class).timeout()).isEqualTo(COMMAND_TIMEOUT.plusSeconds(1));
    }

    @Test
    void clientMetricsAreInTheRegistryOnceWhateverTheNumberOfConnections() {
        final PrintStream original = System.err;
        final ByteArrayOutputStream errors = new ByteArrayOutputStream();
        System.setErr(new PrintStream(errors, true, StandardCharsets.UTF_8));
        try {
            // Concurrent commands take several pooled connections; Vert.x's own Redis metrics would
            // register their gauge again for each, and Micrometer would warn.
            Await.result(Future.all(IntStream.range(0, POOL_SIZE * 4)
                    .mapToObj(i -> items.set("metered-" + i, new Item("m", i)))
                    .toList()));
        } finally {
            System.setErr(original);
        }
        assertThat(errors.toString(StandardCharsets.UTF_8)).doesNotContain("has been already registered");
        final String scrape = app.instance(PrometheusMeterRegistry.class).scrape();
        assertThat(scrape)
                .contains("vertx_redis_processing_time_seconds_count")
                .contains("vertx_redis_processing_pending")
                .contains("vertx_pool_in_use{pool_name=\"redis\",pool_type=\"redis\"}")
                .contains("vertx_pool_usage_seconds_count{pool_name=\"redis\",pool_type=\"redis\"}");
    }

    @Test
    void unavailableIsMappedTo503AndTheApplicationsErrorsAreNot() {
        final Set<ExceptionMapping> mappings = app.injector().getInstance(Key.get(new TypeLiteral<>() {}));
        assertThat(mappings)
                .extracting(mapping -> mapping.type().getName() + " " + mapping.status())
                .contains(StoreUnavailableException.class.getName() + " 503");
        assertThat(Probes.mappedStatus(app, new RedisUnavailableException("it is away")))
                .contains(503);

        Await.result(app.instance(RedisAPI.class).set(List.of(prefix + "string", "value")));
        final Throwable wrongType = Await.failure(app.instance(RedisAPI.class).hget(prefix + "string", "field"));
        assertThat(wrongType).hasMessageStartingWith("WRONGTYPE");
        assertThat(Probes.mappedStatus(app, wrongType)).isEmpty();
    }

    @Test
    void aCommandThatTakesTooLongFailsWithinTheCommandTimeout() {
        final long start = System.nanoTime();
        // BLPOP waits 5 s for a list that never gets an element: longer than the command timeout.
        final Throwable failure =
                Await.failure(app.instance(RedisAPI.class).blpop(List.of(prefix + "never-filled", "5")));

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(COMMAND_TIMEOUT.plus(MARGIN));
        assertThat(failure)
                .isInstanceOf(RedisUnavailableException.class)
                .hasMessage("redis is unavailable: it did not answer within 1000 ms (redis.command-timeout)");
        assertThat(Probes.mappedStatus(app, failure)).contains(503);
    }

    @Test
    void failsFastWhileRedisIsAwayAndRecoversWhenItReturns() {
        Await.result(items.set("steady", new Item("steady", 1)));

        proxy.cut();
        try {
            for (int i = 0; i < 3; i++) {
                final long start = System.nanoTime();
                final Throwable failure = Await.failure(items.get("steady"));
                assertThat(Duration.ofNanos(System.nanoTime() - start))
                        .as("one command while Redis is away")
                        .isLessThan(COMMAND_TIMEOUT.plus(MARGIN));
                assertThat(failure).isInstanceOf(RedisUnavailableException.class);
                assertThat(Probes.mappedStatus(app, failure)).contains(503);
            }
            final HealthResult down = redisHealth();
            assertThat(down.status()).isEqualTo(HealthStatus.DOWN);
            assertThat(down.reason())
                    .hasValueSatisfying(reason -> assertThat(reason).startsWith("redis is unavailable: "));
            assertThat(down.data()).containsKeys("type", "max");
        } finally {
            proxy.restore();
        }

        Await.until(Duration.ofSeconds(15), "commands succeed again", () -> attempt(items.get("steady"))
                .isPresent());
        Await.until(Duration.ofSeconds(15), "the health check is UP again", () -> redisHealth()
                .isUp());
        assertThat(Await.result(items.get("steady"))).contains(new Item("steady", 1));
    }

    @Test
    void aConnectionOfItsOwnServesATransaction() {
        final RedisConnection connection =
                Await.result(app.instance(Redis.class).connect());
        try {
            final String counter = prefix + "counter";
            Await.result(connection.send(Request.cmd(Command.MULTI)));
            Await.result(connection.send(Request.cmd(Command.INCR).arg(counter)));
            Await.result(connection.send(Request.cmd(Command.INCR).arg(counter)));
            final Response results = Await.result(connection.send(Request.cmd(Command.EXEC)));
            assertThat(results.get(1).toLong()).isEqualTo(results.get(0).toLong() + 1);
        } finally {
            Await.result(connection.close());
        }
    }

    @Test
    void theClientIsNotTheApplicationsToClose() {
        assertThat(Await.failure(app.instance(Redis.class).close())).isInstanceOf(UnsupportedOperationException.class);
        assertThat(Await.result(items.get("nothing"))).isEmpty();
    }

    private static <T> Optional<T> attempt(final Future<T> future) {
        try {
            return Optional.of(Await.result(future));
        } catch (final RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Runs the application's {@code redis} check as {@code /health/ready} would. */
    private HealthResult redisHealth() {
        return Probes.readiness(app, RedisHealthCheck.NAME);
    }
}
