package org.jzenith.examples.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;

/**
 * The audit service as a process of its own, killed with SIGKILL while it works through a backlog,
 * then started again: every event ends up in its table once, and the events that arrived twice are
 * no more than what could have been fetched and not committed when it died.
 */
class AuditServiceKillIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create();

    private static final String TOPIC = "users.events";
    private static final String GROUP = "audit-service";
    private static final int EVENTS = 20_000;
    private static final int MAX_IN_FLIGHT = 100;

    /**
     * What can be delivered again after a kill: the records held (at most {@code max-in-flight}
     * plus one poll, {@code max.poll.records} = {@code max-in-flight} here) and, should the last
     * asynchronous commit not have reached the broker, one more poll's worth.
     */
    private static final int REDELIVERY_BOUND = MAX_IN_FLIGHT + 2 * MAX_IN_FLIGHT;

    @Test
    void everyEventIsKeptOnceAfterAKillAndTheRedeliveriesAreBoundedByWhatWasInFlight() throws Exception {
        final Path data = Files.createTempDirectory("audit-kill");
        final String url = "jdbc:h2:file:" + data.resolve("audit")
                // WRITE_DELAY=0: H2 writes each commit to the file at once; its default (500 ms)
                // would lose committed rows to a SIGKILL, which is what this test does.
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;WRITE_DELAY=0";
        publish(EVENTS);

        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()))) {
            final Process first = start(url, data.resolve("first.log"));
            try {
                Await.until(
                        Duration.ofSeconds(90),
                        "the first audit service has committed a tenth of the events",
                        () -> committed(admin) >= EVENTS / 10);
            } finally {
                // SIGKILL: no drain, no last commit; also when the wait failed, so that no service outlives the test
                first.destroyForcibly();
            }
            assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
            final long committedAtKill = committed(admin);
            assertThat(committedAtKill)
                    .as("the kill came while events were still to do")
                    .isLessThan(EVENTS);

            final Process second = start(url, data.resolve("second.log"));
            try {
                Await.until(
                        Duration.ofSeconds(120),
                        "the second audit service has committed every event",
                        () -> committed(admin) == EVENTS);
            } finally {
                second.destroy(); // SIGTERM: drains and commits, closes H2
            }
            assertThat(second.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }

        try (Connection connection = DriverManager.getConnection(url);
                Statement statement = connection.createStatement();
                ResultSet row =
                        statement.executeQuery("SELECT COUNT(*), COALESCE(SUM(deliveries), 0) FROM audit_entries")) {
            assertThat(row.next()).isTrue();
            final long kept = row.getLong(1);
            final long duplicates = row.getLong(2) - kept;
            assertThat(kept).as("events kept").isEqualTo(EVENTS);
            assertThat(duplicates)
                    .as("events delivered twice (bounded by max-in-flight and the polls)")
                    .isBetween(0L, (long) REDELIVERY_BOUND);
        }
    }

    /** Sends {@code count} UserCreated events, acknowledged by the broker, before any consumer runs. */
    private static void publish(final int count) throws ExecutionException, InterruptedException {
        // The topic first, with the broker's defaults: thousands of records sent at once to a topic
        // the broker creates on the first of them can leave the idempotent producer retrying
        // out-of-order batches until they expire (seen on a loaded machine).
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(TOPIC, Optional.empty(), Optional.empty())))
                    .all()
                    .get();
        }
        final Properties settings = new Properties();
        settings.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers());
        settings.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(settings, new StringSerializer(), new StringSerializer())) {
            final List<Future<RecordMetadata>> sent = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                final UUID user = UUID.randomUUID();
                final String event = "{\"eventId\":\"" + UUID.randomUUID() + "\",\"type\":\"UserCreated\",\"userId\":\""
                        + user + "\",\"name\":\"user " + i + "\",\"occurredAt\":\"" + Instant.now() + "\"}";
                sent.add(producer.send(new ProducerRecord<>(TOPIC, user.toString(), event)));
            }
            for (final Future<RecordMetadata> one : sent) {
                one.get();
            }
        }
    }

    /** The audit service's distribution (the build made it before the integration tests), started. */
    private static Process start(final String url, final Path log) {
        final ProcessBuilder launcher = new ProcessBuilder(
                Path.of("target", "audit-service", "bin", "audit-service").toString(),
                "--rest.port=0",
                "--kafka.bootstrap-servers=" + KAFKA.bootstrapServers(),
                "--kafka.max-in-flight=" + MAX_IN_FLIGHT,
                "--jdbc.url=" + url);
        launcher.environment().put("JAVA_HOME", System.getProperty("java.home"));
        try {
            // the launcher execs java: the process is the JVM, and destroyForcibly kills it
            return launcher.redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The offsets the group has committed on the topic, summed over its partitions; 0 before any. */
    private static long committed(final Admin admin) {
        try {
            final Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(GROUP)
                    .partitionsToOffsetAndMetadata()
                    .get();
            return offsets.entrySet().stream()
                    .filter(e -> e.getKey().topic().equals(TOPIC) && e.getValue() != null)
                    .mapToLong(e -> e.getValue().offset())
                    .sum();
        } catch (final ExecutionException e) {
            return 0;
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
