package org.jzenith.postgresql.log;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;
import org.jzenith.core.health.HealthStatus;
import org.jzenith.core.outbox.OutboxFullException;
import org.jzenith.kafka.KafkaPlugin;
import org.jzenith.postgresql.PostgresqlOutbox;
import org.jzenith.postgresql.PostgresqlPlugin;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;
import org.jzenith.test.services.PrivatePostgresql;

/**
 * The reactive plugin's log outbox ({@code outbox.mode=log}) with the Kafka plugin's relay, against a
 * PostgreSQL cluster with {@code wal_level=logical} and a broker, both the test's own: events
 * committed in reactive transactions reach the topic in commit order per key and a rolled-back
 * transaction's never; a second instance relays once the first stopped; a broker away and back loses
 * nothing; past {@code outbox.log.max-retained-wal-mb} readiness is DOWN and publish refused until the
 * relay confirms again; an event the broker refuses for good is set aside in {@code
 * jzenith_outbox_failed}, once, the slot moves past it and the events behind it flow.
 */
class ReactiveLogOutboxIT {

    private static final Duration WAIT = Duration.ofSeconds(90);

    @RegisterExtension
    @Order(1)
    static final PrivatePostgresql POSTGRES = PrivatePostgresql.create().withSetting("wal_level", "logical");

    @RegisterExtension
    @Order(2)
    static final PrivateKafka KAFKA = PrivateKafka.create(1);

    private final List<JZenith> apps = new ArrayList<>();

    @AfterEach
    void stop() {
        apps.forEach(JZenith::stop);
        KAFKA.start();
    }

    @Test
    void eventsCommittedWithTheRowsReachTheTopicInCommitOrderPerKeyAndARollbacksNever() throws Exception {
        final JZenith app = start(Map.of());
        final Pool pool = app.instance(Pool.class);
        final PostgresqlOutbox outbox = app.instance(PostgresqlOutbox.class);
        pool.query("CREATE TABLE IF NOT EXISTS log_items (key TEXT, n INT)")
                .execute()
                .await();
        final String topic = "ordered-" + UUID.randomUUID();
        final List<String> keys = List.of("a", "b", "c", "d");
        final List<Thread> writers = new ArrayList<>();
        for (final String key : keys) {
            writers.add(Thread.ofVirtual().start(() -> {
                for (int n = 0; n < 25; n++) {
                    final int number = n;
                    pool.withTransaction(connection -> connection
                                    .preparedQuery("INSERT INTO log_items (key, n) VALUES ($1, $2)")
                                    .execute(Tuple.of(key, number))
                                    .compose(inserted -> outbox.publish(connection, topic, key, key + number)))
                            .await();
                    if (n == 10) {
                        pool.withTransaction(connection -> outbox.publish(connection, topic, key, "rolled back")
                                        .compose(published -> Future.failedFuture("rolled back")))
                                .otherwiseEmpty()
                                .await();
                    }
                }
            }));
        }
        for (final Thread writer : writers) {
            writer.join();
        }
        assertThat(count(pool, "SELECT COUNT(*) FROM log_items"))
                .as("every writer committed its rows")
                .isEqualTo(100);

        final List<LogTopic.Received> received = LogTopic.read(KAFKA.bootstrapServers(), topic, 100, WAIT);
        final Map<String, List<String>> perKey = received.stream()
                .collect(Collectors.groupingBy(
                        LogTopic.Received::key,
                        LinkedHashMap::new,
                        Collectors.mapping(LogTopic.Received::value, Collectors.toList())));
        for (final String key : keys) {
            assertThat(perKey.get(key))
                    .as("key %s in commit order, without the rolled-back event", key)
                    .containsExactlyElementsOf(
                            IntStream.range(0, 25).mapToObj(n -> key + n).toList());
        }
        assertThat(received.stream().map(LogTopic.Received::eventId).distinct()).hasSize(100);
        assertThat(count(pool, "SELECT COUNT(*) FROM jzenith_outbox"))
                .as("no row: the events went through the log")
                .isZero();
    }

    @Test
    void aSecondInstanceRelaysOnceTheFirstStopped() {
        final JZenith first = start(Map.of());
        final JZenith second = start(Map.of());
        final String topic = "takeover-" + UUID.randomUUID();
        publish(first, topic, "k", "before");
        LogTopic.read(KAFKA.bootstrapServers(), topic, 1, WAIT);

        first.stop();
        apps.remove(first);
        publish(second, topic, "k", "after");
        assertThat(LogTopic.read(KAFKA.bootstrapServers(), topic, 2, WAIT))
                .extracting(LogTopic.Received::value)
                .containsExactly("before", "after");
    }

    @Test
    void theBrokerAwayAndBackLosesNothing() {
        final JZenith app = start(Map.of());
        final String topic = "outage-" + UUID.randomUUID();
        publish(app, topic, "k", "first");
        LogTopic.read(KAFKA.bootstrapServers(), topic, 1, WAIT);

        KAFKA.stop();
        for (int n = 0; n < 20; n++) {
            publish(app, topic, "k", "while away " + n);
        }
        KAFKA.start();
        final List<String> expected = new ArrayList<>(List.of("first"));
        IntStream.range(0, 20).mapToObj(n -> "while away " + n).forEach(expected::add);
        assertThat(LogTopic.read(KAFKA.bootstrapServers(), topic, 21, WAIT).stream()
                        .map(LogTopic.Received::value)
                        .distinct()
                        .toList())
                .as("each event at least once, in order")
                .containsExactlyElementsOf(expected);
    }

    @Test
    void pastTheRetainedWalBoundReadinessIsDownAndPublishRefusedUntilTheRelayConfirms() {
        final JZenith app = start(Map.of("outbox.log.max-retained-wal-mb", 1));
        final Pool pool = app.instance(Pool.class);
        final String topic = "bound-" + UUID.randomUUID();
        assertThat(outboxCheck(app).status()).isEqualTo(HealthStatus.UP);

        KAFKA.stop();
        publish(app, topic, "k", "held back");
        pool.query("CREATE TABLE IF NOT EXISTS filler (text TEXT)").execute().await();
        pool.query("INSERT INTO filler SELECT repeat(md5(n::text), 40) FROM generate_series(1, 2000) n")
                .execute()
                .await();
        Await.until(WAIT, "readiness is DOWN", () -> outboxCheck(app).status() == HealthStatus.DOWN);
        assertThat(outboxCheck(app).reason().orElseThrow()).contains("outbox.log.max-retained-wal-mb=1");
        Await.until(WAIT, "a publish is refused", () -> publishFailure(app, topic) instanceof OutboxFullException);
        assertThat(publishFailure(app, topic)).hasMessageContaining("outbox.log.max-retained-wal-mb=1");

        KAFKA.start();
        Await.until(WAIT, "readiness is UP again", () -> outboxCheck(app).status() == HealthStatus.UP);
        Await.until(WAIT, "a publish is taken again", () -> publishFailure(app, topic) == null);
        assertThat(LogTopic.read(KAFKA.bootstrapServers(), topic, 2, WAIT).stream()
                        .map(LogTopic.Received::value)
                        .distinct())
                .containsExactly("held back", "after");
    }

    @Test
    void anEventTheBrokerRefusesForGoodIsSetAsideAndTheEventsBehindItFlow() throws Exception {
        final String topic = "refused-" + UUID.randomUUID();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1).configs(Map.of("max.message.bytes", "1024"))))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
        final JZenith app = start(Map.of());
        final Pool pool = app.instance(Pool.class);
        final PostgresqlOutbox outbox = app.instance(PostgresqlOutbox.class);
        // Large enough that the slot visibly holds its log back until the relay lets it go.
        final String refused = "x".repeat(200_000);

        pool.withTransaction(connection -> outbox.publish(connection, topic, "k", refused)
                        .compose(first -> outbox.publish(connection, topic, "k", "behind it, same transaction")))
                .await();
        publish(app, topic, "k", "behind it, next transaction");

        assertThat(LogTopic.read(KAFKA.bootstrapServers(), topic, 2, WAIT).stream()
                        .map(LogTopic.Received::value)
                        .distinct())
                .as("the events behind the refused one, in order")
                .containsExactly("behind it, same transaction", "behind it, next transaction");
        final Row failed = pool.query("SELECT channel, record_key, length(payload), error FROM jzenith_outbox_failed")
                .execute()
                .await()
                .iterator()
                .next();
        assertThat(failed.getString(0)).isEqualTo(topic);
        assertThat(failed.getString(1)).isEqualTo("k");
        assertThat(failed.getInteger(2)).isEqualTo(200_000);
        assertThat(failed.getString(3)).startsWith("RecordTooLargeException");
        assertThat(count(pool, "SELECT COUNT(*) FROM jzenith_outbox_failed"))
                .as("kept once")
                .isEqualTo(1);
        Await.until(
                WAIT,
                "the slot moved past the event set aside and let its log go",
                () -> ((Number) outboxCheck(app).data().get("retainedWalBytes")).longValue() < 100_000);
        assertThat(app.instance(MeterRegistry.class)
                        .get("outbox_records_total")
                        .tag("outcome", "set_aside")
                        .counter()
                        .count())
                .as("set aside once, not refused again each round")
                .isEqualTo(1.0);
        // Everything before the slot's confirmed position was sent: a copy would be on the topic before this.
        publish(app, topic, "k", "marker");
        assertThat(LogTopic.read(KAFKA.bootstrapServers(), topic, 3, WAIT))
                .extracting(LogTopic.Received::value)
                .as("the events acknowledged behind the refused one are not sent again")
                .containsExactly("behind it, same transaction", "behind it, next transaction", "marker");
    }

    /** Publishes "after" to {@code topic}; the failure, or null when it was taken. */
    private static Throwable publishFailure(final JZenith app, final String topic) {
        final Future<Void> published = app.instance(Pool.class)
                .withTransaction(
                        connection -> app.instance(PostgresqlOutbox.class).publish(connection, topic, "k", "after"));
        try {
            published.await();
            return null;
        } catch (final RuntimeException e) {
            return e;
        }
    }

    private static void publish(final JZenith app, final String channel, final String key, final String event) {
        app.instance(Pool.class)
                .withTransaction(
                        connection -> app.instance(PostgresqlOutbox.class).publish(connection, channel, key, event))
                .await();
    }

    private static long count(final Pool pool, final String sql) {
        return pool.query(sql).execute().await().iterator().next().getLong(0);
    }

    private static HealthResult outboxCheck(final JZenith app) {
        final HealthCheck check = app.injector().getInstance(Key.get(new TypeLiteral<Set<HealthCheck>>() {})).stream()
                .filter(candidate -> candidate.name().equals("outbox"))
                .findFirst()
                .orElseThrow();
        return Await.result(check.check());
    }

    private JZenith start(final Map<String, Object> settings) {
        JZenith app = JZenith.application()
                .withPlugins(PostgresqlPlugin.create().withOutbox(), KafkaPlugin.create())
                .withConfiguration("postgresql.host", POSTGRES.host())
                .withConfiguration("postgresql.port", POSTGRES.port())
                .withConfiguration("postgresql.database", PrivatePostgresql.DATABASE)
                .withConfiguration("postgresql.username", PrivatePostgresql.USER)
                .withConfiguration("outbox.mode", "log")
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", "log-outbox-" + UUID.randomUUID());
        for (final Map.Entry<String, Object> setting : settings.entrySet()) {
            app = app.withConfiguration(setting.getKey(), setting.getValue());
        }
        final JZenith started = app.start();
        apps.add(started);
        return started;
    }
}
