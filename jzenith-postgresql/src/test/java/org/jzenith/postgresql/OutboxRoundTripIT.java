package org.jzenith.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.kafka.KafkaPlugin;
import org.jzenith.messaging.Idempotent;
import org.jzenith.test.Await;
import org.jzenith.test.services.LocalServices;
import org.jzenith.test.services.PrivateKafka;

/**
 * The reactive outbox and inbox with the Kafka plugin, through a broker of the test's own: an event
 * published in a reactive transaction is relayed, an {@code @Idempotent} consumer applies it through
 * {@link PostgresqlInbox#transaction()} once, and a copy of the record with the same {@code
 * jzenith-event-id} is dropped.
 */
class OutboxRoundTripIT {

    private static final String CHANNEL = "items.events";
    private static final Duration WAIT = Duration.ofSeconds(60);

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(1);

    private JZenith app;

    /** Applies each item event once: a row of {@code applied} per application. */
    public static class AppliedOnce {

        private final PostgresqlInbox inbox;

        @Inject
        public AppliedOnce(final PostgresqlInbox inbox) {
            this.inbox = inbox;
        }

        @Incoming(CHANNEL)
        @Idempotent
        public void apply(final String body) {
            inbox.transaction()
                    .preparedQuery("INSERT INTO applied (body) VALUES ($1)")
                    .execute(Tuple.of(body))
                    .await();
        }
    }

    @AfterEach
    void stop() {
        if (app != null) {
            app.stop();
        }
    }

    @Test
    void aRelayedEventIsAppliedOnceAndItsCopyDropped() throws Exception {
        final LocalServices.Database database = TestDatabases.fresh(
                "jzenith_outbox_round_trip", "CREATE TABLE applied (n BIGSERIAL PRIMARY KEY, body TEXT NOT NULL)");
        app = TestDatabases.configure(
                        JZenith.application()
                                .withPlugins(
                                        PostgresqlPlugin.create().withOutbox(),
                                        KafkaPlugin.withConsumers(AppliedOnce.class))
                                // The test made its table; the outbox's own migrations run all the same.
                                .withConfiguration("postgresql.migrate", false)
                                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                                .withConfiguration("kafka.group-id", "round-trip-" + UUID.randomUUID()),
                        database)
                .start();
        final Pool pool = app.instance(Pool.class);
        final PostgresqlOutbox outbox = app.instance(PostgresqlOutbox.class);

        pool.withTransaction(connection -> outbox.publish(connection, CHANNEL, "k", "first"))
                .await();
        Await.until(WAIT, "the relayed event is applied", () -> count(pool, "SELECT COUNT(*) FROM applied") == 1);
        final String eventId = pool.query("SELECT event_id FROM jzenith_outbox")
                .execute()
                .await()
                .iterator()
                .next()
                .getString(0);

        // A resend, as after a crash between the broker's acknowledgement and the mark: same event id.
        final Properties settings = new Properties();
        settings.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers());
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(settings, new ByteArraySerializer(), new ByteArraySerializer())) {
            final ProducerRecord<byte[], byte[]> copy = new ProducerRecord<>(
                    CHANNEL, "k".getBytes(StandardCharsets.UTF_8), "first".getBytes(StandardCharsets.UTF_8));
            copy.headers().add("jzenith-event-id", eventId.getBytes(StandardCharsets.UTF_8));
            producer.send(copy).get();
        }
        pool.withTransaction(connection -> outbox.publish(connection, CHANNEL, "k", "second"))
                .await();

        final MeterRegistry registry = app.instance(MeterRegistry.class);
        Await.until(
                WAIT,
                "all three records are processed",
                () -> registry
                                .find("kafka_consumer_records_total")
                                .tags("channel", CHANNEL, "outcome", "processed")
                                .counters()
                                .stream()
                                .mapToDouble(counter -> counter.count())
                                .sum()
                        == 3.0);
        assertThat(count(pool, "SELECT COUNT(*) FROM applied"))
                .as("the copy was dropped")
                .isEqualTo(2);
        assertThat(count(pool, "SELECT COUNT(*) FROM applied WHERE body = 'first'"))
                .isEqualTo(1);
        assertThat(count(pool, "SELECT COUNT(*) FROM jzenith_inbox")).isEqualTo(2);
        Await.until(
                WAIT,
                "the relay marked both events sent",
                () -> count(pool, "SELECT COUNT(*) FROM jzenith_outbox WHERE sent_at IS NULL") == 0);
    }

    private static long count(final Pool pool, final String sql) {
        return pool.query(sql).execute().await().iterator().next().getLong(0);
    }
}
