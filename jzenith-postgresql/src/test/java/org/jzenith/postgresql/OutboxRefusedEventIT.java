package org.jzenith.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.spi.outbox.OutboxHealthCheck;
import org.jzenith.kafka.KafkaPlugin;
import org.jzenith.test.Await;
import org.jzenith.test.services.LocalServices;
import org.jzenith.test.services.PrivateKafka;

/**
 * An outbox event the broker refuses for good (too large for its topic, whose {@code
 * max.message.bytes} is 1024) is set aside with its error, counted and shown by the health check, and
 * the event published after it, of the same key, is relayed and consumed. Before, it stayed at the
 * head of every batch and nothing behind it was sent.
 */
class OutboxRefusedEventIT {

    private static final String CHANNEL = "refused";
    private static final Duration WAIT = Duration.ofSeconds(60);

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(1);

    private JZenith app;

    /** What the consumer of the channel received. */
    static final class Received {
        final Queue<String> bodies = new ConcurrentLinkedQueue<>();
    }

    public static class Consumer {
        private final Received received;

        @Inject
        public Consumer(final Received received) {
            this.received = received;
        }

        @Incoming(CHANNEL)
        public void take(final String body) {
            received.bodies.add(body);
        }
    }

    @AfterEach
    void stop() {
        if (app != null) {
            app.stop();
        }
    }

    @Test
    void anEventTheBrokerRefusesForGoodIsSetAsideAndTheEventBehindItIsRelayed() throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers()))) {
            admin.createTopics(
                            List.of(new NewTopic(CHANNEL, 1, (short) 1).configs(Map.of("max.message.bytes", "1024"))))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
        final Received received = new Received();
        final LocalServices.Database database = TestDatabases.fresh("jzenith_outbox_refused");
        app = TestDatabases.configure(
                        JZenith.application()
                                .withPlugins(
                                        PostgresqlPlugin.create().withOutbox(),
                                        KafkaPlugin.withConsumers(Consumer.class))
                                .withModules(
                                        binder -> binder.bind(Received.class).toInstance(received))
                                .withConfiguration("postgresql.migrate", false)
                                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                                .withConfiguration("kafka.group-id", "refused-" + UUID.randomUUID()),
                        database)
                .start();
        final Pool pool = app.instance(Pool.class);
        final PostgresqlOutbox outbox = app.instance(PostgresqlOutbox.class);

        pool.withTransaction(connection -> outbox.publish(connection, CHANNEL, "k", "x".repeat(4096))
                        .compose(first -> outbox.publish(connection, CHANNEL, "k", "small")))
                .await();

        Await.until(WAIT, "the event behind the refused one is consumed", () -> received.bodies.contains("small"));
        assertThat(received.bodies).containsExactly("small");
        Await.until(
                WAIT,
                "no event waits in the outbox: the refused one no longer heads every batch",
                () -> pool.query("SELECT COUNT(*) FROM jzenith_outbox WHERE sent_at IS NULL")
                                .execute()
                                .await()
                                .iterator()
                                .next()
                                .getLong(0)
                        == 0L);
        final Row failed = pool.query("SELECT id, event_id, channel, record_key, failed_at, error FROM"
                        + " jzenith_outbox_failed ORDER BY id")
                .execute()
                .await()
                .iterator()
                .next();
        assertThat(failed.getString("channel")).isEqualTo(CHANNEL);
        assertThat(failed.getString("record_key")).isEqualTo("k");
        assertThat(failed.getString("error")).startsWith("RecordTooLargeException");
        final MeterRegistry registry = app.instance(MeterRegistry.class);
        assertThat(registry.get("outbox_records_total")
                        .tag("outcome", "set_aside")
                        .counter()
                        .count())
                .isEqualTo(1.0);
        Await.until(
                WAIT,
                "the event set aside is counted",
                () -> registry.get("outbox_set_aside").gauge().value() == 1.0);
        final var health = app.instance(OutboxHealthCheck.class)
                .check()
                .toCompletionStage()
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        assertThat(health.data()).containsEntry("setAside", 1L).containsEntry("pending", 0L);
    }
}
