package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.core.JZenith;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthChecks;
import org.jzenith.core.health.HealthReport;
import org.jzenith.core.outbox.Outbox;
import org.jzenith.jdbc.JdbcPlugin;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateRabbitMq;

/**
 * The outbox relayed to a broker of the test's own, killed (SIGKILL) while the service publishes: the
 * service goes on committing events, stays ready (the outbox takes them, the {@code rabbitmq} check is
 * DOWN in {@code /health} only), and once the broker is back every event committed meanwhile arrives,
 * none lost.
 */
class RabbitMqOutboxFaultIT {

    @RegisterExtension
    static final PrivateRabbitMq RABBIT = PrivateRabbitMq.create();

    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final String QUEUE = "outbox-events";
    private static final int WHILE_AWAY = 50;

    @TempDir
    Path directory;

    @Test
    void eventsPublishedWhileTheBrokerIsAwayAreAllDeliveredOnceItIsBack() throws Exception {
        final JZenith app = JZenith.application()
                .withPlugins(
                        JdbcPlugin.create().withOutbox(),
                        RabbitMqPlugin.create().withEmitter("events", String.class))
                .withConfiguration("jdbc.embedded.directory", directory.toString())
                .withConfiguration("rabbitmq.host", RABBIT.host())
                .withConfiguration("rabbitmq.port", RABBIT.port())
                .withConfiguration("rabbitmq.send-timeout", "2s")
                .withConfiguration("rabbitmq.channels.events.exchange", QUEUE)
                .withConfiguration("rabbitmq.channels.events.queue", QUEUE)
                .start();
        try {
            final Jdbi jdbi = app.instance(Jdbi.class);
            final Outbox outbox = app.instance(Outbox.class);
            final RabbitMqHealthCheck rabbitmq = app.instance(RabbitMqHealthCheck.class);
            final HealthChecks checks = new HealthChecks(
                    app.instance(Vertx.class),
                    app.injector().getInstance(Key.get(new TypeLiteral<Set<HealthCheck>>() {})));
            final Set<String> delivered = new HashSet<>();

            jdbi.useTransaction(handle -> outbox.publish("events", "k", "before"));
            Await.until(WAIT, "the event before the outage delivered", () -> {
                drain(delivered);
                return delivered.size() == 1;
            });
            Await.until(WAIT, "the event before the outage marked sent", () -> pending(jdbi) == 0);

            RABBIT.kill();
            Await.until(WAIT, "the rabbitmq check DOWN", () -> !Await.result(rabbitmq.check())
                    .isUp());
            for (int i = 0; i < WHILE_AWAY; i++) {
                final String event = "away-" + i;
                jdbi.useTransaction(handle -> outbox.publish("events", "k", event));
            }
            final MeterRegistry registry = app.instance(MeterRegistry.class);
            Await.until(
                    WAIT,
                    "the relay tried and failed while the broker was away",
                    () -> registry.get("outbox_records_total")
                                    .tag("outcome", "failed")
                                    .counter()
                                    .count()
                            > 0);
            final HealthReport ready = Await.result(checks.check(Optional.of(HealthCheck.Kind.READINESS)));
            assertThat(ready.isUp())
                    .as("ready while the broker is away: %s", ready)
                    .isTrue();
            assertThat(ready.checks())
                    .extracting(HealthReport.Check::name)
                    .contains("outbox")
                    .doesNotContain("rabbitmq");
            assertThat(Await.result(rabbitmq.check()).isUp())
                    .as("the rabbitmq check in /health")
                    .isFalse();
            assertThat(pending(jdbi)).as("the events wait in the outbox").isEqualTo(WHILE_AWAY);

            RABBIT.start();
            final List<String> eventIds =
                    jdbi.withHandle(handle -> handle.createQuery("SELECT event_id FROM jzenith_outbox ORDER BY id")
                            .mapTo(String.class)
                            .list());
            Await.until(WAIT, "every event committed while the broker was away delivered", () -> {
                drain(delivered);
                return delivered.containsAll(eventIds);
            });
            Await.until(WAIT, "every event marked sent", () -> pending(jdbi) == 0);
            assertThat(delivered).containsExactlyInAnyOrderElementsOf(eventIds).hasSize(WHILE_AWAY + 1);
        } finally {
            app.stop();
        }
    }

    /** Takes what the queue holds into {@code delivered}, by message id; nothing while the broker is away. */
    private static void drain(final Set<String> delivered) {
        final ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(RABBIT.host());
        factory.setPort(RABBIT.port());
        try (Connection connection = factory.newConnection("jzenith-test");
                Channel channel = connection.createChannel()) {
            GetResponse message;
            while ((message = channel.basicGet(QUEUE, true)) != null) {
                delivered.add(message.getProps().getMessageId());
            }
        } catch (final java.io.IOException | java.util.concurrent.TimeoutException e) {
            // the broker is not back yet, or the queue not recovered: looked at again
        }
    }

    private static long pending(final Jdbi jdbi) {
        return jdbi.withHandle(handle -> handle.createQuery("SELECT COUNT(*) FROM jzenith_outbox WHERE sent_at IS NULL")
                .mapTo(Long.class)
                .one());
    }
}
