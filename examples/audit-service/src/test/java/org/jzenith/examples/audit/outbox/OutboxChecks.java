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
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
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
            this.writers = java.util.stream.IntStream.range(0, writers)
                    .mapToObj(writer -> Thread.ofVirtual()
                            .name("writer-" + writer)
                            .start(() -> {
                                int n = 0;
                                while (running.get()) {
                                    services.get()
                                            .create("user " + writer + "-" + n++)
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

    /** The records on the topic: total, and distinct event ids (header jzenith-event-id). */
    record AtTheBroker(long records, long distinct) {}

    static AtTheBroker atTheBroker(final String bootstrapServers) {
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
            final Set<String> ids = new HashSet<>();
            long records = 0;
            while (partitions.stream().anyMatch(partition -> consumer.position(partition) < ends.get(partition))) {
                for (final ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                    records++;
                    final Header id = record.headers().lastHeader("jzenith-event-id");
                    assertThat(id)
                            .as("every record the relay sent carries its event id")
                            .isNotNull();
                    ids.add(new String(id.value(), StandardCharsets.UTF_8));
                }
            }
            return new AtTheBroker(records, ids.size());
        }
    }
}
