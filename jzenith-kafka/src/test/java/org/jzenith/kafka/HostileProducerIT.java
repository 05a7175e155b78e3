package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.messaging.spi.PayloadException;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;

/**
 * Records a hostile or broken producer makes do not hold a partition or fill the heap: a record whose
 * dead-letter copy the broker refuses as too large goes there cut down, or is skipped when even that
 * is refused; a record heavier than {@code max-record-bytes} (headers included) goes to the dead
 * letters unread. Each time the records behind it are processed. Against a real broker whose topics'
 * {@code max.message.bytes} make "too large" real.
 */
class HostileProducerIT {

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

    private JZenith start(final String... settings) {
        JZenith app = JZenith.application()
                .withPlugins(KafkaPlugin.withConsumers(TestConsumers.class))
                .withModules(binder -> binder.bind(Inbox.class).toInstance(inbox))
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", group)
                .withConfiguration("kafka.channels.orders.topic", orders)
                .withConfiguration("kafka.channels.texts.topic", Topics.unique("texts"));
        for (int i = 0; i < settings.length; i += 2) {
            app = app.withConfiguration(settings[i], settings[i + 1]);
        }
        apps.add(app);
        return app.start();
    }

    private static double count(final JZenith app, final String outcome) {
        return app.instance(MeterRegistry.class)
                .get("kafka_consumer_records_total")
                .tags("channel", "orders", "outcome", outcome)
                .counter()
                .count();
    }

    @Test
    void aRecordWhoseDeadLetterCopyIsTooLargeGoesThereCutDownAndThePartitionMovesOn() throws Exception {
        topics.create(orders, 1);
        // the copy, 900 bytes of value and the dead-letter headers, is too large; its coordinates are not
        topics.create(orders + ".dlt", 1, Map.of("max.message.bytes", "1024"));
        final JZenith app = start();

        topics.send(orders, null, "not json " + "x".repeat(900));
        topics.send(orders, null, GOOD);

        Await.until(WAIT, "the order behind the unreadable one is consumed", () -> !inbox.orders.isEmpty());
        final List<ConsumerRecord<String, String>> dead = topics.read(orders + ".dlt", 1, WAIT);
        assertThat(dead).hasSize(1);
        final ConsumerRecord<String, String> cut = dead.getFirst();
        assertThat(cut.value()).isNull();
        assertThat(Topics.header(cut, DeadLetters.TOPIC)).contains(orders);
        assertThat(Topics.header(cut, DeadLetters.PARTITION)).contains("0");
        assertThat(Topics.header(cut, DeadLetters.OFFSET)).contains("0");
        assertThat(Topics.header(cut, DeadLetters.EXCEPTION_TYPE)).contains(PayloadException.class.getName());
        assertThat(Topics.header(cut, DeadLetters.CUT_DOWN))
                .hasValueSatisfying(why -> assertThat(why).startsWith("org.apache.kafka.common.errors.RecordTooLarge"));
        assertThat(count(app, "dead_lettered_cut_down")).isEqualTo(1.0);
        Await.until(
                WAIT,
                "both records are committed",
                () -> topics.committed(group, orders, 0).orElse(0L) == 2L);
    }

    @Test
    void aRecordThatNotEvenItsCutDownCopyFitsIsSkippedCountedAndThePartitionMovesOn() throws Exception {
        topics.create(orders, 1);
        topics.create(orders + ".dlt", 1, Map.of("max.message.bytes", "64"));
        final JZenith app = start();

        topics.send(orders, null, "not json");
        topics.send(orders, null, GOOD);

        Await.until(WAIT, "the order behind the unreadable one is consumed", () -> !inbox.orders.isEmpty());
        assertThat(count(app, "skipped")).isEqualTo(1.0);
        assertThat(count(app, "dead_lettered")).isZero();
        Await.until(
                WAIT,
                "both records are committed",
                () -> topics.committed(group, orders, 0).orElse(0L) == 2L);
    }

    @Test
    void aRecordHeavierThanTheCapWithItsHeadersGoesToTheDeadLettersUnread() throws Exception {
        topics.create(orders, 1);
        final JZenith app = start("kafka.channels.orders.max-record-bytes", "2048");

        topics.send(orders, "{\"id\":\"heavy\",\"quantity\":1}", Map.of("padding", new byte[4096]));
        topics.send(orders, null, GOOD);

        Await.until(WAIT, "the order behind the heavy one is consumed", () -> !inbox.orders.isEmpty());
        assertThat(inbox.orders).containsExactly(new Order("after", 1));
        final List<ConsumerRecord<String, String>> dead = topics.read(orders + ".dlt", 1, WAIT);
        assertThat(dead).hasSize(1);
        assertThat(Topics.header(dead.getFirst(), DeadLetters.EXCEPTION_MESSAGE))
                .hasValueSatisfying(
                        message -> assertThat(message).contains("weighs").contains("kafka.max-record-bytes"));
        assertThat(count(app, "oversize")).isEqualTo(1.0);
    }
}
