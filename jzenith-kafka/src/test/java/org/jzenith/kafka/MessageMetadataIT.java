package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;

/**
 * {@code Message<T>} both ways against a real broker, as the SmallRye and Quarkus Kafka guides use it:
 * a consumer reads the record's key, partition and offset from its metadata; a message acknowledged by
 * hand is committed only once it and everything before it is acknowledged, so an unacknowledged one
 * is counted after {@code kafka.unacknowledged-warning} and comes again after a restart; a nack goes to the dead-letter topic; a processor's {@code Message} result
 * carries its key and header to the broker; and an emitter's {@code Message} is acknowledged once the
 * broker has it, rejected when the broker refuses it.
 */
class MessageMetadataIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(1);

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final MessageConsumers.Seen seen = new MessageConsumers.Seen();
    private final String prices = Topics.unique("prices");
    private final String orders = Topics.unique("orders");
    private final String requests = Topics.unique("requests");
    private final String quotes = Topics.unique("quotes");
    private final String shipments = Topics.unique("shipments");
    private final String group = Topics.unique("group");
    private final Topics topics = new Topics(KAFKA.bootstrapServers());
    private final List<JZenith> apps = new ArrayList<>();

    @AfterEach
    void stop() {
        apps.forEach(JZenith::stop);
        topics.close();
    }

    /** A sender as the guides write one: an emitter field, no {@code @Inject}. */
    public static class ShipmentSender {
        @Channel("shipments")
        Emitter<String> emitter;
    }

    private JZenith start() throws Exception {
        final JZenith app = JZenith.application()
                .withPlugins(KafkaPlugin.withConsumers(MessageConsumers.class).withEmitter("shipments", String.class))
                .withModules(binder -> binder.bind(MessageConsumers.Seen.class).toInstance(seen))
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", group)
                .withConfiguration("kafka.drain-timeout", "1s")
                .withConfiguration("kafka.unacknowledged-warning", "500ms")
                .withConfiguration("kafka.channels.prices.topic", prices)
                .withConfiguration("kafka.channels.orders.topic", orders)
                .withConfiguration("kafka.channels.requests.topic", requests)
                .withConfiguration("kafka.channels.quotes.topic", quotes)
                .withConfiguration("kafka.channels.shipments.topic", shipments);
        apps.add(app);
        return app.start();
    }

    private void createTopics() throws Exception {
        for (final String topic : List.of(prices, orders, requests, quotes)) {
            topics.create(topic, 1);
        }
        topics.create(shipments, 1, Map.of("max.message.bytes", "1024"));
    }

    @Test
    void aConsumerReadsTheKeyPartitionAndOffsetFromTheMessagesMetadataAndItsAckCommits() throws Exception {
        createTopics();
        topics.send(prices, "acme", "12.5");
        topics.send(prices, "globex", "7.25");
        start();

        Await.until(WAIT, "both prices are consumed", () -> seen.prices.size() == 2);
        assertThat(seen.prices).containsExactly("acme " + prices + "-0@0 12.5", "globex " + prices + "-0@1 7.25");
        Await.until(
                WAIT,
                "both are committed",
                () -> topics.committed(group, prices, 0).orElse(0L) == 2L);
    }

    @Test
    void aMessageNotAcknowledgedIsNotCommittedAndComesAgainAfterARestartAndAnAcknowledgedOneIsCommitted()
            throws Exception {
        createTopics();
        topics.send(orders, null, "first");
        topics.send(orders, null, "hold-me");
        topics.send(orders, null, "third");
        final JZenith first = start();

        Await.until(WAIT, "all three orders are handed to the method", () -> seen.orders.size() == 3);
        Await.until(
                WAIT,
                "the first, acknowledged, is committed",
                () -> topics.committed(group, orders, 0).orElse(0L) == 1L);
        Await.until(
                WAIT,
                "the record left unacknowledged past kafka.unacknowledged-warning is counted",
                () -> first.instance(MeterRegistry.class)
                                .get("kafka_consumer_records_total")
                                .tags("channel", "orders", "outcome", "unacknowledged")
                                .counter()
                                .count()
                        == 1.0);
        assertThat(topics.committed(group, orders, 0))
                .as("the third is acknowledged but behind the one that is not")
                .contains(1L);

        first.stop();
        apps.remove(first);
        seen.orders.clear();
        seen.holding = false;
        start();

        Await.until(WAIT, "the unacknowledged order and the one behind it come again", () -> seen.orders.size() == 2);
        assertThat(seen.orders).containsExactly("hold-me", "third");
        Await.until(
                WAIT,
                "now all three are committed",
                () -> topics.committed(group, orders, 0).orElse(0L) == 3L);
    }

    @Test
    void aNackGoesToTheDeadLetterTopicWithItsFailureAndTheChannelGoesOn() throws Exception {
        createTopics();
        topics.send(orders, null, "bad-1");
        topics.send(orders, null, "good");
        start();

        final List<ConsumerRecord<String, String>> dead = topics.read(orders + ".dlt", 1, WAIT);
        assertThat(dead).singleElement().satisfies(record -> {
            assertThat(record.value()).isEqualTo("bad-1");
            assertThat(Topics.header(record, DeadLetters.EXCEPTION_MESSAGE)).contains("no stock for bad-1");
            assertThat(Topics.header(record, DeadLetters.OFFSET)).contains("0");
        });
        Await.until(
                WAIT,
                "both are committed",
                () -> topics.committed(group, orders, 0).orElse(0L) == 2L);
    }

    @Test
    void aProcessorsMessageResultArrivesWithItsKeyAndHeaderAndTheRequestIsCommittedOnceTheBrokerHasIt()
            throws Exception {
        createTopics();
        topics.send(requests, null, "r-1");
        topics.send(requests, null, "r-2");
        start();

        final List<ConsumerRecord<String, String>> sent = topics.read(quotes, 2, WAIT);
        assertThat(sent).hasSize(2);
        assertThat(sent.get(0).key()).isEqualTo("r-1");
        assertThat(sent.get(0).value()).isEqualTo("quote for r-1");
        assertThat(Topics.header(sent.get(0), "source")).contains("jzenith");
        assertThat(sent.get(1).key()).isEqualTo("r-2");
        Await.until(
                WAIT,
                "both requests are committed",
                () -> topics.committed(group, requests, 0).orElse(0L) == 2L);
    }

    @Test
    void anEmittedMessageIsAcknowledgedOnceTheBrokerHasItAndRejectedWhenTheBrokerRefusesIt() throws Exception {
        createTopics();
        final JZenith app = start();
        final Emitter<String> emitter = app.instance(ShipmentSender.class).emitter;

        final CompletableFuture<Void> acked = new CompletableFuture<>();
        emitter.send(Message.of("parcel")
                .addMetadata(OutgoingKafkaRecordMetadata.<String>builder()
                        .withKey("p-1")
                        .build())
                .withAck(() -> {
                    acked.complete(null);
                    return CompletableFuture.completedFuture(null);
                })
                .withNack(failure -> {
                    acked.completeExceptionally(failure);
                    return CompletableFuture.completedFuture(null);
                }));
        acked.get(30, TimeUnit.SECONDS);
        final List<ConsumerRecord<String, String>> sent = topics.read(shipments, 1, WAIT);
        assertThat(sent).singleElement().satisfies(record -> {
            assertThat(record.key()).isEqualTo("p-1");
            assertThat(record.value()).isEqualTo("parcel");
        });

        final CompletableFuture<Throwable> nacked = new CompletableFuture<>();
        emitter.send(Message.of("x".repeat(4096))
                .withAck(() -> {
                    nacked.complete(null);
                    return CompletableFuture.completedFuture(null);
                })
                .withNack(failure -> {
                    nacked.complete(failure);
                    return CompletableFuture.completedFuture(null);
                }));
        assertThat(nacked.get(30, TimeUnit.SECONDS))
                .as("the topic takes at most 1024 bytes a record")
                .isInstanceOf(RecordTooLargeException.class);
    }
}
