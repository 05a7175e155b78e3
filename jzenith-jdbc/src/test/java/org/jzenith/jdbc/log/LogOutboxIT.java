package org.jzenith.jdbc.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;
import org.jzenith.core.health.HealthStatus;
import org.jzenith.core.outbox.Outbox;
import org.jzenith.core.outbox.OutboxFullException;
import org.jzenith.jdbc.JdbcPlugin;
import org.jzenith.kafka.KafkaPlugin;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;
import org.jzenith.test.services.PrivatePostgresql;

/**
 * The JDBC plugin's log outbox ({@code outbox.mode=log}) with the Kafka plugin's relay, against a
 * PostgreSQL cluster with {@code wal_level=logical} and a broker, both the test's own: events
 * committed with the caller's rows reach the topic in commit order per key and a rolled-back
 * transaction's never; a second instance relays once the first stopped; a broker away and back loses
 * nothing; PostgreSQL stopped and started under writes loses no committed event (the relay reads the
 * slot again once the server is back); past {@code outbox.log.max-retained-wal-mb} readiness is DOWN
 * and publish refused, until the relay confirms again; a role without {@code REPLICATION} is refused at
 * start-up.
 */
class LogOutboxIT {

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
        final Jdbi jdbi = app.instance(Jdbi.class);
        final Outbox outbox = app.instance(Outbox.class);
        jdbi.useHandle(handle -> handle.execute("CREATE TABLE IF NOT EXISTS log_items (key TEXT, n INT)"));
        final String topic = "ordered-" + UUID.randomUUID();
        final List<String> keys = List.of("a", "b", "c", "d");
        final List<Thread> writers = new ArrayList<>();
        for (final String key : keys) {
            writers.add(Thread.ofVirtual().start(() -> {
                for (int n = 0; n < 25; n++) {
                    final int number = n;
                    jdbi.useTransaction(handle -> {
                        handle.execute("INSERT INTO log_items (key, n) VALUES (?, ?)", key, number);
                        outbox.publish(topic, key, key + number);
                    });
                    if (n == 10) {
                        try {
                            jdbi.useTransaction(handle -> {
                                outbox.publish(topic, key, "rolled back");
                                throw new IllegalStateException("rolled back");
                            });
                        } catch (final IllegalStateException expected) {
                            // its event goes with it
                        }
                    }
                }
            }));
        }
        for (final Thread writer : writers) {
            writer.join();
        }
        final long rows = jdbi.withHandle(handle -> handle.createQuery("SELECT COUNT(*) FROM log_items")
                .mapTo(Long.class)
                .one());
        assertThat(rows).as("every writer committed its rows").isEqualTo(100);

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
        final long outboxRows = jdbi.withHandle(handle -> handle.createQuery("SELECT COUNT(*) FROM jzenith_outbox")
                .mapTo(Long.class)
                .one());
        assertThat(outboxRows).as("no row: the events went through the log").isZero();
    }

    @Test
    void aSecondInstanceRelaysOnceTheFirstStopped() throws Exception {
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
    void theBrokerAwayAndBackLosesNothing() throws Exception {
        final JZenith app = start(Map.of());
        final String topic = "outage-" + UUID.randomUUID();
        publish(app, topic, "k", "first");
        LogTopic.read(KAFKA.bootstrapServers(), topic, 1, WAIT);

        KAFKA.stop();
        for (int n = 0; n < 20; n++) {
            publish(app, topic, "k", "while away " + n);
        }
        KAFKA.start();
        final List<LogTopic.Received> received = LogTopic.read(KAFKA.bootstrapServers(), topic, 21, WAIT);
        assertThat(received.stream().map(LogTopic.Received::value).distinct().toList())
                .as("each event at least once, in order")
                .containsExactlyElementsOf(
                        List.of(
                                        List.of("first"),
                                        IntStream.range(0, 20)
                                                .mapToObj(n -> "while away " + n)
                                                .toList())
                                .stream()
                                .flatMap(List::stream)
                                .toList());
    }

    @Test
    void postgresqlRestartedUnderWritesEveryCommittedEventArrives() throws Exception {
        final JZenith app = start(Map.of());
        final String topic = "restart-" + UUID.randomUUID();
        final Set<String> committed = ConcurrentHashMap.newKeySet();
        final AtomicInteger failed = new AtomicInteger();
        final AtomicBoolean writing = new AtomicBoolean(true);
        final List<Thread> writers = new ArrayList<>();
        for (int writer = 0; writer < 4; writer++) {
            final int number = writer;
            writers.add(Thread.ofVirtual().start(() -> {
                for (int n = 0; writing.get(); n++) {
                    final String event = "writer " + number + " event " + n;
                    try {
                        publish(app, topic, "key " + number, event);
                        committed.add(event);
                    } catch (final RuntimeException e) {
                        // The server is away: this write failed (or its commit is unknown); the next one tries
                        // again once the server runs, rather than spinning while it is down.
                        failed.incrementAndGet();
                        Await.until(WAIT, "the server runs again", POSTGRES::isRunning);
                    }
                }
            }));
        }
        try {
            Await.until(WAIT, "writes commit", () -> committed.size() >= 50);
            POSTGRES.stop();
            Await.until(WAIT, "writes fail while the server is away", () -> failed.get() > 0);
            final int before = committed.size();
            POSTGRES.start();
            Await.until(WAIT, "writes commit again", () -> committed.size() >= before + 50);
        } finally {
            writing.set(false);
            for (final Thread writer : writers) {
                writer.join();
            }
        }

        final Set<String> received = LogTopic.read(KAFKA.bootstrapServers(), topic, committed.size(), WAIT).stream()
                .map(LogTopic.Received::value)
                .collect(Collectors.toSet());
        assertThat(received)
                .as("every event whose transaction committed, before, across and after the restart")
                .containsAll(committed);
    }

    @Test
    void pastTheRetainedWalBoundReadinessIsDownAndPublishRefusedUntilTheRelayConfirms() throws Exception {
        final JZenith app = start(Map.of("outbox.log.max-retained-wal-mb", 1));
        final Jdbi jdbi = app.instance(Jdbi.class);
        final String topic = "bound-" + UUID.randomUUID();
        assertThat(outboxCheck(app).status()).isEqualTo(HealthStatus.UP);

        KAFKA.stop();
        publish(app, topic, "k", "held back");
        jdbi.useHandle(handle -> {
            handle.execute("CREATE TABLE IF NOT EXISTS filler (text TEXT)");
            handle.execute("INSERT INTO filler SELECT repeat(md5(n::text), 40) FROM generate_series(1, 2000) n");
        });
        Await.until(WAIT, "readiness is DOWN", () -> outboxCheck(app).status() == HealthStatus.DOWN);
        assertThat(outboxCheck(app).reason().orElseThrow()).contains("outbox.log.max-retained-wal-mb=1");
        final AtomicInteger refused = new AtomicInteger();
        Await.until(WAIT, "a publish is refused", () -> {
            try {
                publish(app, topic, "k", "refused");
                return false;
            } catch (final OutboxFullException e) {
                refused.incrementAndGet();
                return true;
            }
        });
        assertThatThrownBy(() -> publish(app, topic, "k", "refused"))
                .isInstanceOf(OutboxFullException.class)
                .hasMessageContaining("outbox.log.max-retained-wal-mb=1");

        KAFKA.start();
        Await.until(WAIT, "readiness is UP again", () -> outboxCheck(app).status() == HealthStatus.UP);
        Await.until(WAIT, "a publish is taken again", () -> {
            try {
                publish(app, topic, "k", "after");
                return true;
            } catch (final OutboxFullException e) {
                return false;
            }
        });
        assertThat(LogTopic.read(KAFKA.bootstrapServers(), topic, 2, WAIT).stream()
                        .map(LogTopic.Received::value)
                        .distinct())
                .containsExactly("held back", "after");
    }

    @Test
    void aRoleWithoutReplicationIsRefusedAtStartUpSayingWhatToGrant() {
        final Jdbi admin = Jdbi.create(POSTGRES.database().jdbcUrl(), PrivatePostgresql.USER, "");
        admin.useHandle(handle -> handle.execute("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname ="
                + " 'plain') THEN CREATE ROLE plain LOGIN; END IF; END $$"));
        final JZenith app = application(Map.of("jdbc.username", "plain"));
        assertThatThrownBy(app::start)
                .hasStackTraceContaining("outbox.mode=log cannot run on")
                .hasStackTraceContaining("the role plain lacks the REPLICATION privilege")
                .hasStackTraceContaining("ALTER ROLE plain WITH REPLICATION")
                .hasStackTraceContaining("outbox.mode=table");
    }

    private static void publish(final JZenith app, final String channel, final String key, final String event) {
        app.instance(Jdbi.class)
                .useTransaction(handle -> app.instance(Outbox.class).publish(channel, key, event));
    }

    private static HealthResult outboxCheck(final JZenith app) {
        final HealthCheck check = app.injector().getInstance(Key.get(new TypeLiteral<Set<HealthCheck>>() {})).stream()
                .filter(candidate -> candidate.name().equals("outbox"))
                .findFirst()
                .orElseThrow();
        return Await.result(check.check());
    }

    private JZenith start(final Map<String, Object> settings) {
        final JZenith app = application(settings).start();
        apps.add(app);
        return app;
    }

    private static JZenith application(final Map<String, Object> settings) {
        JZenith app = JZenith.application()
                .withPlugins(JdbcPlugin.create().withOutbox(), KafkaPlugin.create())
                .withConfiguration("jdbc.url", POSTGRES.database().jdbcUrl())
                .withConfiguration("jdbc.username", PrivatePostgresql.USER)
                .withConfiguration("outbox.mode", "log")
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", "log-outbox-" + UUID.randomUUID());
        for (final Map.Entry<String, Object> setting : settings.entrySet()) {
            app = app.withConfiguration(setting.getKey(), setting.getValue());
        }
        return app;
    }
}
