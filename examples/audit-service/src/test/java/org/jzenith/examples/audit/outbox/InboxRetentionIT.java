package org.jzenith.examples.audit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.Await;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.services.PrivateKafka;

/**
 * The audit service's inbox is purged by itself after {@code inbox.retention} (5 s here, so that the
 * test sees it; the default is 14 days): a copy of an event within the retention is dropped, the id is
 * then forgotten, and a copy arriving after that is applied again, the trade-off the retention makes.
 */
class InboxRetentionIT {

    private static final Duration RETENTION = Duration.ofSeconds(5);
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String USER = UUID.randomUUID().toString();

    @RegisterExtension
    @Order(1)
    static final PrivateKafka KAFKA = PrivateKafka.create();

    @RegisterExtension
    @Order(2)
    static final JZenithExtension AUDIT = AuditUnderTest.of(KAFKA).withConfiguration("inbox.retention", "5s");

    @Test
    void aCopyWithinTheRetentionIsDroppedAndACopyPastItIsAppliedAgain() throws Exception {
        final String event = UUID.randomUUID().toString();
        try (KafkaProducer<byte[], byte[]> producer = producer()) {
            // One key: one partition, processed in order, so the marker comes after the copy.
            send(producer, event, event);
            send(producer, event, event);
            final String marker = UUID.randomUUID().toString();
            send(producer, marker, marker);
            awaitAudited(marker);
            assertThat(deliveries(event))
                    .as("the copy within the retention was dropped")
                    .isEqualTo(1);

            final long start = System.nanoTime();
            Await.until(WAIT, "the inbox forgets the ids past inbox.retention", () -> inboxIds() == 0);
            final Duration forgottenAfter = Duration.ofNanos(System.nanoTime() - start);

            send(producer, event, event);
            final String second = UUID.randomUUID().toString();
            send(producer, second, second);
            awaitAudited(second);
            assertThat(deliveries(event))
                    .as("a copy arriving after its id was purged is applied again")
                    .isEqualTo(2);
            System.out.printf(
                    "InboxRetentionIT: inbox.retention=%s, ids forgotten %d ms after the last delivery was applied%n",
                    RETENTION, forgottenAfter.toMillis());
        }
    }

    private static KafkaProducer<byte[], byte[]> producer() {
        final Properties settings = new Properties();
        settings.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers());
        return new KafkaProducer<>(settings, new ByteArraySerializer(), new ByteArraySerializer());
    }

    /** A UserCreated with {@code eventId} in its body and in the header the outbox relay writes. */
    private static void send(final KafkaProducer<byte[], byte[]> producer, final String eventId, final String name)
            throws Exception {
        final RecordHeaders headers = new RecordHeaders();
        headers.add("jzenith-event-id", eventId.getBytes(StandardCharsets.UTF_8));
        final String json = "{\"eventId\":\"" + eventId + "\",\"type\":\"UserCreated\",\"userId\":\"" + USER
                + "\",\"name\":\"" + name + "\",\"occurredAt\":\"2026-11-26T10:00:00Z\"}";
        producer.send(new ProducerRecord<>(
                        OutboxChecks.TOPIC,
                        null,
                        USER.getBytes(StandardCharsets.UTF_8),
                        json.getBytes(StandardCharsets.UTF_8),
                        headers))
                .get(30, TimeUnit.SECONDS);
    }

    private static void awaitAudited(final String name) {
        Await.until(WAIT, "the audit service applied " + name, () -> entries().contains(name));
    }

    private static List<String> entries() {
        return jdbi().withHandle(handle -> handle.createQuery("SELECT name FROM audit_entries")
                .mapTo(String.class)
                .list());
    }

    private static int deliveries(final String eventId) {
        return jdbi().withHandle(
                        handle -> handle.createQuery("SELECT deliveries FROM audit_entries WHERE event_id = :id")
                                .bind("id", eventId)
                                .mapTo(Integer.class)
                                .one());
    }

    private static long inboxIds() {
        return jdbi().withHandle(handle -> handle.createQuery("SELECT COUNT(*) FROM jzenith_inbox")
                .mapTo(Long.class)
                .one());
    }

    private static Jdbi jdbi() {
        return AUDIT.application().instance(Jdbi.class);
    }
}
