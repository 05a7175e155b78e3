package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;

/**
 * {@code @Incoming} + {@code @Outgoing} processors against a real broker: what each returns (a
 * payload, a {@code CompletionStage}, a {@code Message}, RxJava's {@code Single} and {@code Maybe},
 * Mutiny's {@code Uni}) is sent to its outgoing channel, nothing for an empty result, and a result the
 * broker refuses is retried and dead-lettered rather than dropped, its record not committed before.
 */
class ProcessorIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(1);

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final List<String> CHANNELS = List.of(
            "words",
            "upper",
            "numbers",
            "evens",
            "names",
            "greetings",
            "orders-in",
            "orders-out",
            "unis",
            "unis-out",
            "big",
            "too-large");

    private final Topics topics = new Topics(KAFKA.bootstrapServers());
    private final Map<String, String> topic = new LinkedHashMap<>();
    private final String group = Topics.unique("processors");
    private final List<JZenith> apps = new ArrayList<>();

    @BeforeEach
    void topics() throws Exception {
        CHANNELS.forEach(channel -> topic.put(channel, Topics.unique(channel)));
        for (final String channel : CHANNELS) {
            // a result of 4 KiB is too large for this topic: the broker refuses it for good
            topics.create(
                    topic.get(channel),
                    1,
                    channel.equals("too-large") ? Map.of("max.message.bytes", "1024") : Map.of());
        }
    }

    @AfterEach
    void stop() {
        apps.forEach(JZenith::stop);
        topics.close();
    }

    private JZenith start() {
        JZenith app = JZenith.application()
                .withPlugins(KafkaPlugin.withConsumers(Processors.class))
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", group)
                .withConfiguration("kafka.retries", 1)
                .withConfiguration("kafka.backoff", "10ms");
        for (final String channel : CHANNELS) {
            app = app.withConfiguration("kafka.channels." + channel + ".topic", topic.get(channel));
        }
        apps.add(app);
        return app.start();
    }

    private List<String> values(final String channel, final int count) {
        return topics.read(topic.get(channel), count, WAIT).stream()
                .map(ConsumerRecord::value)
                .toList();
    }

    @Test
    void aReturnedPayloadOrStageIsSentToTheOutgoingChannel() throws Exception {
        start();
        topics.send(topic.get("words"), null, "quote");
        topics.send(topic.get("orders-in"), null, "{\"id\":\"o-1\",\"quantity\":2}");

        assertThat(values("upper", 1)).containsExactly("QUOTE");
        assertThat(values("orders-out", 1)).containsExactly("{\"id\":\"o-1\",\"quantity\":20}");
    }

    @Test
    void anEmptyMaybeOrNullUniSendsNothingAndTheRecordIsDone() throws Exception {
        final JZenith app = start();
        for (int i = 1; i <= 4; i++) {
            topics.send(topic.get("numbers"), null, Integer.toString(i));
        }
        topics.send(topic.get("unis"), null, "none");
        topics.send(topic.get("unis"), null, "yes");

        assertThat(values("evens", 2)).containsExactly("2", "4");
        assertThat(values("unis-out", 1)).containsExactly("yes!");
        Await.until(
                WAIT,
                "all six records are committed",
                () -> topics.committed(group, topic.get("numbers"), 0).orElse(0L) == 4L
                        && topics.committed(group, topic.get("unis"), 0).orElse(0L) == 2L);
        assertThat(topics.read(topic.get("evens"), 3, Duration.ofSeconds(2))).hasSize(2);
        final MeterRegistry registry = app.instance(MeterRegistry.class);
        assertThat(registry.get("kafka_producer_records_total")
                        .tags("channel", "evens", "outcome", "sent")
                        .counter()
                        .count())
                .isEqualTo(2.0);
    }

    @Test
    void aReturnedMessageIsSentThenAcknowledged() throws Exception {
        start();
        topics.send(topic.get("names"), null, "ada");

        assertThat(values("greetings", 1)).containsExactly("hello ada");
        Await.until(WAIT, "the message is acknowledged", () -> Processors.ACKED.contains("hello ada"));
        assertThat(Processors.NACKED).doesNotContain("hello ada");
    }

    @Test
    void aResultRefusedForGoodIsDeadLetteredWithoutAnotherCallAndNotCommittedBefore() throws Exception {
        final JZenith app = start();
        topics.send(topic.get("big"), null, "x");

        final List<ConsumerRecord<String, String>> dead = topics.read(topic.get("big") + ".dlt", 1, WAIT);
        assertThat(dead).hasSize(1);
        assertThat(dead.getFirst().value()).isEqualTo("x");
        assertThat(Topics.header(dead.getFirst(), DeadLetters.EXCEPTION_TYPE))
                .contains("org.apache.kafka.common.errors.RecordTooLargeException");
        // The producer retried what could succeed; a record too large never will: the method ran once.
        assertThat(Topics.header(dead.getFirst(), DeadLetters.ATTEMPTS)).contains("1");
        assertThat(topics.read(topic.get("too-large"), 1, Duration.ofSeconds(1)))
                .isEmpty();
        final MeterRegistry registry = app.instance(MeterRegistry.class);
        assertThat(registry.get("kafka_consumer_records_total")
                        .tags("channel", "big", "outcome", "processed")
                        .counter()
                        .count())
                .isZero();
        Await.until(
                WAIT,
                "the dead-lettered record is committed",
                () -> topics.committed(group, topic.get("big"), 0).orElse(0L) == 1L);
    }
}
