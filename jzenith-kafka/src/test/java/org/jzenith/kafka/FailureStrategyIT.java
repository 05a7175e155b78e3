package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.health.HealthResult;
import org.jzenith.core.health.HealthStatus;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;

/**
 * {@code failure-strategy}, SmallRye's setting, per channel against a real broker: {@code ignore}
 * commits a record that cannot be read and goes on, with no dead letter; {@code fail} stops the
 * channel at it, commits nothing from it on, and the health check names the channel and the record.
 */
class FailureStrategyIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(1);

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String GOOD = "{\"id\":\"after\",\"quantity\":1}";

    private final Inbox inbox = new Inbox();
    private final String orders = Topics.unique("orders");
    private final String group = Topics.unique("group");
    private final Topics topics = new Topics(KAFKA.bootstrapServers());
    private final List<JZenith> apps = new ArrayList<>();

    @AfterEach
    void stop() {
        apps.forEach(JZenith::stop);
        topics.close();
    }

    private JZenith start(final String strategy) throws Exception {
        topics.create(orders, 1);
        topics.send(orders, null, "not json");
        topics.send(orders, null, GOOD);
        final JZenith app = JZenith.application()
                .withPlugins(KafkaPlugin.withConsumers(TestConsumers.class))
                .withModules(binder -> binder.bind(Inbox.class).toInstance(inbox))
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", group)
                .withConfiguration("kafka.channels.orders.topic", orders)
                .withConfiguration("kafka.channels.orders.failure-strategy", strategy)
                .withConfiguration("kafka.channels.texts.topic", Topics.unique("texts"));
        apps.add(app);
        return app.start();
    }

    @Test
    void ignoreCommitsTheRecordAsItIsWithoutDeadLetterAndGoesOn() throws Exception {
        final JZenith app = start("ignore");

        Await.until(WAIT, "the order behind the unreadable one is consumed", () -> !inbox.orders.isEmpty());
        Await.until(
                WAIT,
                "both records are committed",
                () -> topics.committed(group, orders, 0).orElse(0L) == 2L);
        assertThat(app.instance(MeterRegistry.class)
                        .get("kafka_consumer_records_total")
                        .tags("channel", "orders", "outcome", "ignored")
                        .counter()
                        .count())
                .isEqualTo(1.0);
        assertThat(topics.read(orders + ".dlt", 1, Duration.ofSeconds(2))).isEmpty();
    }

    @Test
    void failStopsTheChannelAtTheRecordAndTheHealthCheckNamesIt() throws Exception {
        final JZenith app = start("fail");
        final KafkaHealthCheck health = app.instance(KafkaHealthCheck.class);

        Await.until(WAIT, "the health check is DOWN", () -> result(health).status() == HealthStatus.DOWN);
        assertThat(result(health).reason()).hasValueSatisfying(reason -> assertThat(reason)
                .contains("channel 'orders' stopped (failure-strategy=fail)")
                .contains("message " + orders + "-0@0 failed"));
        assertThat(inbox.orders).as("the record behind the failed one").isEmpty();
        assertThat(topics.committed(group, orders, 0).orElse(0L))
                .as("nothing from the failed record on")
                .isZero();
    }

    private static HealthResult result(final KafkaHealthCheck health) {
        return health.check()
                .toCompletionStage()
                .toCompletableFuture()
                .orTimeout(10, TimeUnit.SECONDS)
                .join();
    }
}
