package org.jzenith.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import io.vertx.sqlclient.templates.SqlTemplate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
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
import org.jzenith.test.Await;
import org.jzenith.test.Probes;
import org.jzenith.test.net.TcpProxy;
import org.jzenith.test.services.LocalServices;

/**
 * The plugin against the machine's PostgreSQL, in a database of its own, reached through a proxy
 * that the fault test cuts.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresqlPluginIT {

    static final String DATABASE = "jzenith_postgresql_it";
    static final Duration CONNECTION_TIMEOUT = Duration.ofSeconds(1);
    static final int POOL_SIZE = 3;
    /** How much longer than the connection timeout a failing call may take. */
    static final Duration MARGIN = Duration.ofMillis(1500);

    /** An item as the tests' migrations define it. */
    enum Kind {
        TOOL,
        PART
    }

    record Item(long id, UUID ref, String name, Kind kind, Integer quantity, Instant createdAt) {}

    private static final RecordMapper<Item> ITEM = RecordMapper.of(Item.class);

    private TcpProxy proxy;
    private JZenith app;

    @BeforeAll
    void startApplication() {
        final LocalServices.Database database = TestDatabases.fresh(DATABASE);
        proxy = TcpProxy.start(database.host(), database.port());
        app = TestDatabases.configure(
                        JZenith.application()
                                .withPlugins(PostgresqlPlugin.create())
                                .withConfiguration("postgresql.pool.size", POOL_SIZE)
                                .withConfiguration(
                                        "postgresql.connection-timeout", CONNECTION_TIMEOUT.toMillis() + "ms"),
                        database.through(proxy.host(), proxy.port()))
                .start();
    }

    @AfterAll
    void stopApplication() {
        if (app != null) {
            app.stop();
        }
        if (proxy != null) {
            proxy.close();
        }
    }

    private Pool pool() {
        return app.instance(Pool.class);
    }

    private SqlClient client() {
        return app.instance(SqlClient.class);
    }

    @Test
    void appliesTheMigrationsAtStartUp() {
        final RowSet<Row> versions = Await.result(
                pool().query("SELECT version FROM flyway_schema_history WHERE success AND version IS NOT NULL"
                                + " ORDER BY installed_rank")
                        .execute());
        final List<String> applied = new ArrayList<>();
        versions.forEach(row -> applied.add(row.getString(0)));
        assertThat(applied).containsExactly("1", "2");
    }

    @Test
    void mapsRowsToRecordsThroughTemplates() {
        final RowSet<Item> items = Await.result(SqlTemplate.forQuery(
                        client(), "SELECT id, ref, name, kind, quantity, created_at FROM items WHERE id = #{id}")
                .mapTo(ITEM)
                .execute(Map.of("id", 1)));
        assertThat(items)
                .containsExactly(new Item(
                        1,
                        UUID.fromString("3f2b8c1e-5a4d-4c1e-9f0a-0123456789ab"),
                        "seeded by V2",
                        Kind.TOOL,
                        null,
                        Instant.parse("2024-02-29T12:34:56.789012Z")));
    }

    @Test
    void aRowWithoutAComponentsColumnFailsNamingIt() {
        final Future<RowSet<Item>> missing = SqlTemplate.forQuery(client(), "SELECT id, name FROM items WHERE id = 1")
                .mapTo(ITEM)
                .execute(Map.of());
        assertThat(Await.failure(missing))
                .hasMessageContaining(
                        "the row has no column for Item.ref: it has [id, name]; select a column named ref");

        record Counted(long id, int quantity) {}
        final Future<RowSet<Counted>> nullIntoPrimitive = SqlTemplate.forQuery(
                        client(), "SELECT id, quantity FROM items WHERE id = 1")
                .mapTo(RecordMapper.of(Counted.class))
                .execute(Map.of());
        assertThat(Await.failure(nullIntoPrimitive))
                .hasMessageContaining("column quantity is null, but Counted.quantity is a int; make it a Integer");
    }

    @Test
    void reactiveCodeComposesFuturesOnTheEventLoop() {
        final long id = 1_000 + (System.nanoTime() & 0xffff);
        final Instant createdAt = Instant.parse("2025-01-02T03:04:05.123456Z");
        final AtomicReference<Boolean> onEventLoop = new AtomicReference<>();
        final Future<Item> written = SqlTemplate.forUpdate(
                        client(),
                        "INSERT INTO items (id, ref, name, kind, quantity, created_at)"
                                + " VALUES (#{id}, #{ref}, #{name}, #{kind}, #{quantity}, #{created_at})")
                .execute(Map.of(
                        "id",
                        id,
                        "ref",
                        UUID.randomUUID().toString(),
                        "name",
                        "written reactively",
                        "kind",
                        Kind.PART.name(),
                        "quantity",
                        7,
                        "created_at",
                        createdAt.atOffset(java.time.ZoneOffset.UTC).toLocalDateTime()))
                .compose(inserted -> SqlTemplate.forQuery(client(), "SELECT * FROM items WHERE id = #{id}")
                        .mapTo(ITEM)
                        .execute(Map.of("id", id)))
                .map(rows -> {
                    onEventLoop.set(Context.isOnEventLoopThread());
                    return rows.iterator().next();
                });
        final Item item = Await.result(written);
        assertThat(item.name()).isEqualTo("written reactively");
        assertThat(item.kind()).isEqualTo(Kind.PART);
        assertThat(item.quantity()).isEqualTo(7);
        assertThat(item.createdAt()).isEqualTo(createdAt);
        assertThat(onEventLoop.get())
                .as("the future completed on an event loop")
                .isTrue();
        Await.result(pool().preparedQuery("DELETE FROM items WHERE id = $1").execute(Tuple.of(id)));
    }

    @Test
    void virtualThreadsAwaitTheSameFutures() throws InterruptedException {
        final long id = 100_000 + (System.nanoTime() & 0xffff);
        final AtomicReference<Object> outcome = new AtomicReference<>();
        final Thread thread = Thread.ofVirtual().start(() -> {
            try {
                final String name = pool().withTransaction(connection -> connection
                                .preparedQuery("INSERT INTO items (id, ref, name, kind, created_at)"
                                        + " VALUES ($1, $2, $3, 'TOOL', LOCALTIMESTAMP)")
                                .execute(Tuple.of(id, UUID.randomUUID().toString(), "awaited"))
                                .compose(inserted -> connection
                                        .preparedQuery("SELECT name FROM items WHERE id = $1")
                                        .execute(Tuple.of(id))))
                        .await()
                        .iterator()
                        .next()
                        .getString("name");
                outcome.set(name);
            } catch (final RuntimeException e) {
                outcome.set(e);
            }
        });
        assertThat(thread.join(Duration.ofSeconds(20))).isTrue();
        assertThat(outcome.get()).isEqualTo("awaited");
        Await.result(client().preparedQuery("DELETE FROM items WHERE id = $1").execute(Tuple.of(id)));
    }

    @Test
    void aFailedTransactionIsRolledBack() {
        final long id = 200_000 + (System.nanoTime() & 0xffff);
        final Future<Object> failed = pool().withTransaction(connection -> connection
                .preparedQuery("INSERT INTO items (id, ref, name, kind, created_at)"
                        + " VALUES ($1, $2, 'rolled back', 'TOOL', LOCALTIMESTAMP)")
                .execute(Tuple.of(id, UUID.randomUUID().toString()))
                .compose(inserted -> Future.failedFuture(new IllegalStateException("changed my mind"))));
        assertThat(Await.failure(failed)).hasMessage("changed my mind");
        assertThat(Await.result(client().preparedQuery("SELECT COUNT(*) FROM items WHERE id = $1")
                                .execute(Tuple.of(id)))
                        .iterator()
                        .next()
                        .getLong(0))
                .isZero();
    }

    @Test
    void preparedStatementsAreCachedPerConnection() {
        final String sql = "SELECT name FROM items WHERE id = $1";
        final long cached = Await.result(pool().withConnection(connection -> connection
                .preparedQuery(sql)
                .execute(Tuple.of(1))
                .compose(first -> connection.preparedQuery(sql).execute(Tuple.of(1)))
                .compose(second -> connection
                        .preparedQuery("SELECT COUNT(*) FROM pg_prepared_statements WHERE statement = $1")
                        .execute(Tuple.of(sql)))
                .map(rows -> rows.iterator().next().getLong(0))));
        assertThat(cached).as("named statements on the server for " + sql).isEqualTo(1);
    }

    @Test
    void manyConcurrentCommandsShareAFewConnections() {
        for (final SqlClient client : List.of(client(), pool())) {
            final List<Future<RowSet<Row>>> calls = IntStream.range(0, 200)
                    .mapToObj(i -> client.preparedQuery("SELECT pg_backend_pid(), $1::int")
                            .execute(Tuple.of(i)))
                    .toList();
            final Set<Integer> backends = new HashSet<>();
            for (final Future<RowSet<Row>> call : calls) {
                backends.add(Await.result(call).iterator().next().getInteger(0));
            }
            assertThat(backends).hasSizeBetween(1, POOL_SIZE);
        }
    }

    @Test
    void theHealthCheckIsUpWithPoolData() {
        final HealthResult result = postgresqlHealth();
        assertThat(result.status()).isEqualTo(HealthStatus.UP);
        assertThat(result.data()).containsEntry("max", POOL_SIZE).containsKeys("connections", "database");
        assertThat((String) result.data().get("database")).startsWith("PostgreSQL ");
        assertThat(app.instance(PostgresqlHealthCheck.class).kinds()).containsExactly(HealthCheck.Kind.READINESS);
        assertThat(app.instance(PostgresqlHealthCheck.class).timeout()).isEqualTo(CONNECTION_TIMEOUT.plusSeconds(1));
    }

    @Test
    void poolMetricsAreInTheRegistry() {
        Await.result(pool().query("SELECT 1").execute());
        Await.result(client().query("SELECT 1").execute());
        final String scrape = app.instance(PrometheusMeterRegistry.class).scrape();
        assertThat(scrape)
                .contains("vertx_pool_in_use{pool_name=\"postgresql\",pool_type=\"sql\"}")
                .contains("vertx_pool_queue_pending{pool_name=\"postgresql\",pool_type=\"sql\"}")
                .contains("vertx_pool_usage_seconds_count{pool_name=\"postgresql-pipelined\",pool_type=\"sql\"}")
                .contains("vertx_sql_processing_time_seconds_count");
    }

    /**
     * The pool and the pipelined client each have their own {@code vertx_sql_*} meters, told apart
     * by the client's name: with one meter for both, a scrape shows one client's figure only.
     */
    @Test
    void eachClientsSqlMetersAreItsOwn() {
        final MeterRegistry registry = app.instance(MeterRegistry.class);
        final long pooledBefore = sqlCommands(registry, PostgresqlPlugin.POOL_NAME);
        final long pipelinedBefore = sqlCommands(registry, PostgresqlPlugin.PIPELINED_NAME);

        Await.result(pool().query("SELECT 1").execute());
        for (int i = 0; i < 3; i++) {
            Await.result(client().query("SELECT 1").execute());
        }

        assertThat(sqlCommands(registry, PostgresqlPlugin.PIPELINED_NAME)).isEqualTo(pipelinedBefore + 3);
        assertThat(sqlCommands(registry, PostgresqlPlugin.POOL_NAME)).isGreaterThanOrEqualTo(pooledBefore + 1);
        assertThat(registry.find("vertx.sql.processing.pending").gauges())
                .extracting(gauge -> gauge.getId().getTag("client_namespace"))
                .containsExactlyInAnyOrder(
                        PostgresqlPlugin.POOL_NAME, PostgresqlPlugin.PIPELINED_NAME, HealthConnection.NAME);
        assertThat(app.instance(PrometheusMeterRegistry.class).scrape())
                .contains("vertx_sql_processing_pending{client_namespace=\"postgresql\"}")
                .contains("vertx_sql_processing_pending{client_namespace=\"postgresql-pipelined\"}");
    }

    /** How many commands the client named {@code name} has finished, as its timer counts them. */
    private static long sqlCommands(final MeterRegistry registry, final String name) {
        final Timer timer = registry.find("vertx.sql.processing.time")
                .tag("client_namespace", name)
                .timer();
        return timer == null ? 0 : timer.count();
    }

    @Test
    void connectionFailuresAreMappedTo503() {
        final Set<ExceptionMapping> mappings = app.injector().getInstance(Key.get(new TypeLiteral<>() {}));
        assertThat(mappings)
                .extracting(mapping -> mapping.type().getName() + " " + mapping.status())
                .contains(
                        "java.net.ConnectException 503",
                        "io.vertx.sqlclient.ClosedConnectionException 503",
                        "io.vertx.pgclient.PgException 503",
                        "io.vertx.core.VertxException 503");
    }

    @Test
    void failsFastWhileTheDatabaseIsAwayAndRecoversWhenItReturns() {
        assertThat(countItems(pool())).isPositive();
        assertThat(countItems(client())).isPositive();

        proxy.cut();
        try {
            for (final SqlClient client : List.of(pool(), client())) {
                // Calls fail, each within the connection timeout, with failures that mean 503.
                for (int i = 0; i < 3; i++) {
                    final long start = System.nanoTime();
                    final Throwable failure = Await.failure(
                            client.query("SELECT COUNT(*) FROM items").execute());
                    assertThat(Duration.ofNanos(System.nanoTime() - start))
                            .as("one call while the database is away")
                            .isLessThan(CONNECTION_TIMEOUT.plus(MARGIN));
                    assertThat(Probes.mappedStatus(app, failure))
                            .as(failure.toString())
                            .contains(503);
                }
            }
            final HealthResult down = postgresqlHealth();
            assertThat(down.status()).isEqualTo(HealthStatus.DOWN);
            assertThat(down.reason())
                    .hasValueSatisfying(reason -> assertThat(reason).isNotBlank());
            assertThat(down.data()).containsKeys("connections", "max", "database");
        } finally {
            proxy.restore();
        }

        Await.until(Duration.ofSeconds(15), "the pool serves again", () -> attempt(pool()));
        Await.until(Duration.ofSeconds(15), "the pipelined client serves again", () -> attempt(client()));
        Await.until(Duration.ofSeconds(15), "the health check is UP again", () -> postgresqlHealth()
                .isUp());
    }

    private static boolean attempt(final SqlClient client) {
        try {
            countItems(client);
            return true;
        } catch (final RuntimeException e) {
            return false;
        }
    }

    private static long countItems(final SqlClient client) {
        return Await.result(client.query("SELECT COUNT(*) FROM items").execute())
                .iterator()
                .next()
                .getLong(0);
    }

    /** Runs the application's {@code postgresql} check as {@code /health/ready} would. */
    private HealthResult postgresqlHealth() {
        return Probes.readiness(app, PostgresqlHealthCheck.NAME);
    }
}
