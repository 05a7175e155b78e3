package org.jzenith.examples.audit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.jzenith.test.Await;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestResponse;

/** What the outbox tests check: the user service's rows, the audit service's entries, the broker's records. */
final class OutboxChecks {

    static final String TOPIC = "users.events";

    private OutboxChecks() {}

    /** Writers that POST users to whichever of {@code services} they pick, until stopped. */
    static final class Load implements AutoCloseable {
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        private final AtomicInteger refused = new AtomicInteger();
        private final List<Thread> writers;

        Load(final int writers, final Supplier<UserServiceProcess> services) {
            this(writers, "user", services);
        }

        /** Names its users {@code names + " " + writer + "-" + n}, so that a test tells its own from others'. */
        Load(final int writers, final String names, final Supplier<UserServiceProcess> services) {
            this.writers = java.util.stream.IntStream.range(0, writers)
                    .mapToObj(writer -> Thread.ofVirtual()
                            .name("writer-" + writer)
                            .start(() -> {
                                int n = 0;
                                while (running.get()) {
                                    services.get()
                                            .create(names + " " + writer + "-" + n++)
                                            .ifPresentOrElse(acknowledged::add, () -> {
                                                refused.incrementAndGet();
                                                UserServiceProcess.sleep(20);
                                            });
                                }
                            }))
                    .toList();
        }

        /** The ids of users the service answered 201 for. */
        Set<String> acknowledged() {
            return acknowledged;
        }

        int refused() {
            return refused.get();
        }

        @Override
        public void close() {
            running.set(false);
            try {
                for (final Thread writer : writers) {
                    writer.join();
                }
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The ids in the user service's {@code users} table. */
    static Set<String> users(final String url, final String user, final String password) throws SQLException {
        final Set<String> ids = new HashSet<>();
        try (Connection connection = DriverManager.getConnection(url, user, password);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT id FROM users")) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }

    /**
     * The audit service's entries of UserCreated: user id to deliveries. Read once the entries have
     * stopped coming: pages are by offset, and an entry arriving meanwhile shifts them.
     */
    static Map<String, Integer> audited(final JZenithExtension audit) {
        return audited(audit, true);
    }

    /** {@link #audited(JZenithExtension)}, of the users whose names start with {@code names} only. */
    static Map<String, Integer> audited(final JZenithExtension audit, final String names) {
        final Map<String, Integer> entries = new HashMap<>();
        entries(audit).stream()
                .filter(entry -> entry.get("type").asText().equals("UserCreated"))
                .filter(entry -> entry.get("name").asText().startsWith(names))
                .forEach(entry -> assertThat(entries.put(
                                entry.get("userId").asText(),
                                entry.get("deliveries").asInt()))
                        .as("one audit entry per created user")
                        .isNull());
        return entries;
    }

    private static List<JsonNode> entries(final JZenithExtension audit) {
        final List<JsonNode> entries = new ArrayList<>();
        for (int offset = 0; ; offset += 1000) {
            final TestResponse page = audit.client().get("/audit?limit=1000&offset=" + offset);
            assertThat(page.status()).isEqualTo(200);
            final JsonNode items = page.json();
            items.forEach(entries::add);
            if (items.size() < 1000) {
                return entries;
            }
        }
    }

    private static Map<String, Integer> audited(final JZenithExtension audit, final boolean strict) {
        final Map<String, Integer> entries = new HashMap<>();
        for (int offset = 0; ; offset += 1000) {
            final TestResponse page = audit.client().get("/audit?limit=1000&offset=" + offset);
            assertThat(page.status()).isEqualTo(200);
            final JsonNode items = page.json();
            for (final JsonNode entry : items) {
                if (entry.get("type").asText().equals("UserCreated")) {
                    final Integer previous = entries.put(
                            entry.get("userId").asText(),
                            entry.get("deliveries").asInt());
                    if (strict) {
                        assertThat(previous)
                                .as("one audit entry per created user")
                                .isNull();
                    }
                }
            }
            if (items.size() < 1000) {
                return entries;
            }
        }
    }

    /** Waits until the audit service has an entry for each of {@code users}. */
    static void awaitAudited(final JZenithExtension audit, final Set<String> users, final Duration within) {
        Await.until(within, "the audit service has all " + users.size() + " created users", () -> audited(audit, false)
                .keySet()
                .containsAll(users));
    }

    /**
     * Every committed user has exactly one applied event, and no event exists for a user that is not
     * in the table (a rolled-back write).
     */
    static void assertExactlyOnce(
            final Set<String> users, final Map<String, Integer> audited, final Set<String> acknowledged) {
        assertThat(users).as("every user the service acknowledged is stored").containsAll(acknowledged);
        assertThat(audited.keySet())
                .as("one event per committed user, none for a rolled-back one")
                .isEqualTo(users);
        assertThat(audited.values())
                .as("each event applied once (the inbox drops copies)")
                .containsOnly(1);
    }

    /**
     * A row of {@code jzenith_outbox}.
     *
     * @param eventId the outbox's id of the event, sent as the header {@code jzenith-event-id}
     * @param key the record key: the user's id
     * @param sent whether the relay marked it sent
     */
    record OutboxRow(String eventId, String key, boolean sent) {}

    /** The user service's outbox table: row id to row. */
    static Map<Long, OutboxRow> outbox(final String url, final String user, final String password) throws SQLException {
        final Map<Long, OutboxRow> rows = new HashMap<>();
        try (Connection connection = DriverManager.getConnection(url, user, password);
                Statement statement = connection.createStatement();
                ResultSet row =
                        statement.executeQuery("SELECT id, event_id, record_key, sent_at FROM jzenith_outbox")) {
            while (row.next()) {
                rows.put(row.getLong(1), new OutboxRow(row.getString(2), row.getString(3), row.getObject(4) != null));
            }
        }
        return rows;
    }

    /** How many records of each of {@code eventIds} the topic holds (header jzenith-event-id); absent: none. */
    static Map<String, Long> copiesAtTheBroker(final String bootstrapServers, final Set<String> eventIds) {
        final Map<String, Long> copies = new HashMap<>();
        forEachRecord(bootstrapServers, id -> {
            if (eventIds.contains(id)) {
                copies.merge(id, 1L, Long::sum);
            }
        });
        return copies;
    }

    /** The event ids (header jzenith-event-id) of the topic's records, by record key: one per record, copies too. */
    static Map<String, List<String>> eventIdsByKey(final String bootstrapServers) {
        final Map<String, List<String>> byKey = new HashMap<>();
        forEachRecordKeyed(bootstrapServers, (key, id) -> byKey.computeIfAbsent(key, k -> new ArrayList<>())
                .add(id));
        return byKey;
    }

    /** The records on the topic: total, and distinct event ids (header jzenith-event-id). */
    record AtTheBroker(long records, long distinct) {}

    static AtTheBroker atTheBroker(final String bootstrapServers) {
        final List<String> ids = new ArrayList<>();
        forEachRecord(bootstrapServers, ids::add);
        return new AtTheBroker(ids.size(), new HashSet<>(ids).size());
    }

    /** Reads the topic from its start to its end as of now, handing each record's event id to {@code eventId}. */
    private static void forEachRecord(final String bootstrapServers, final Consumer<String> eventId) {
        forEachRecordKeyed(bootstrapServers, (key, id) -> eventId.accept(id));
    }

    /** Reads the topic from its start to its end as of now, handing each record's key and event id to {@code record}. */
    private static void forEachRecordKeyed(
            final String bootstrapServers, final BiConsumer<String, String> keyAndEventId) {
        final Properties settings = new Properties();
        settings.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        settings.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        settings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(settings, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            final List<TopicPartition> partitions = consumer.partitionsFor(TOPIC).stream()
                    .map(info -> new TopicPartition(TOPIC, info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            final Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
            while (partitions.stream().anyMatch(partition -> consumer.position(partition) < ends.get(partition))) {
                for (final ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                    final Header id = record.headers().lastHeader("jzenith-event-id");
                    assertThat(id)
                            .as("every record the relay sent carries its event id")
                            .isNotNull();
                    keyAndEventId.accept(
                            record.key() == null ? "" : new String(record.key(), StandardCharsets.UTF_8),
                            new String(id.value(), StandardCharsets.UTF_8));
                }
            }
        }
    }
}
