package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.health.HealthResult;
import org.jzenith.kafka.guide.SeveralTopicsConsumer;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateKafka;

/**
 * A channel consumes several topics, as SmallRye's {@code topics} and {@code pattern} settings make it:
 * a list of three, and a pattern that also finds a topic created after start-up. Each partition's
 * order is kept, a record's metadata names its own topic, and a failed record goes to the channel's
 * one dead-letter topic naming the topic it came from. Guide-style consumers, against a real broker.
 */
class SeveralTopicsIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(1);

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final int KEYS = 4;
    private static final int PER_KEY = 20;

    private final SeveralTopicsConsumer.Seen seen = new SeveralTopicsConsumer.Seen();
    private final Topics topics = new Topics(KAFKA.bootstrapServers());
    private final List<JZenith> apps = new ArrayList<>();

    @AfterEach
    void stop() {
        apps.forEach(JZenith::stop);
        topics.close();
    }

    private JZenith start(final String... settings) {
        JZenith app = JZenith.application()
                .withPlugins(KafkaPlugin.withConsumers(SeveralTopicsConsumer.class))
                .withModules(
                        binder -> binder.bind(SeveralTopicsConsumer.Seen.class).toInstance(seen))
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.group-id", Topics.unique("group"))
                .withConfiguration("kafka.retries", "0");
        for (int i = 0; i < settings.length; i += 2) {
            app = app.withConfiguration(settings[i], settings[i + 1]);
        }
        apps.add(app);
        return app.start();
    }

    @Test
    void aChannelOfThreeTopicsKeepsEachPartitionsOrderAndDeadLettersWithTheRecordsOwnTopic() throws Exception {
        final String eu = Topics.unique("prices-eu");
        final String us = Topics.unique("prices-us");
        final String asia = Topics.unique("prices-asia");
        // unset, the dead-letter topic of a channel of several topics is the channel's name and ".dlt"
        final String deadLetters = "prices.dlt";
        for (final String topic : List.of(eu, us, asia)) {
            topics.create(topic, 2);
        }
        final JZenith app = start(
                "kafka.channels.prices.topics",
                eu + "," + us + "," + asia,
                "kafka.channels.prices.dead-letter-topic",
                deadLetters,
                "kafka.channels.quotes.topic",
                Topics.unique("unused"));

        topics.send(us, "k0", us + "|fail");
        for (final String topic : List.of(eu, us, asia)) {
            topics.sendMany(
                    topic, 0, KEYS * PER_KEY, i -> "k" + i % KEYS, i -> topic + "|k" + i % KEYS + "|" + i / KEYS);
        }

        Await.until(WAIT, "every price is consumed", () -> seen.prices.size() == 3 * KEYS * PER_KEY);
        final Map<String, List<Integer>> byTopicAndKey = new HashMap<>();
        for (final String price : seen.prices) {
            final String[] parts = price.split("\\|");
            byTopicAndKey
                    .computeIfAbsent(parts[0] + "|" + parts[1], key -> new ArrayList<>())
                    .add(Integer.parseInt(parts[2]));
        }
        assertThat(byTopicAndKey).hasSize(3 * KEYS);
        final List<Integer> inOrder =
                java.util.stream.IntStream.range(0, PER_KEY).boxed().toList();
        byTopicAndKey.forEach((key, sequence) -> assertThat(sequence).as(key).isEqualTo(inOrder));

        final List<ConsumerRecord<String, String>> dead = topics.read(deadLetters, 1, WAIT);
        assertThat(dead).hasSize(1);
        assertThat(dead.getFirst().value()).isEqualTo(us + "|fail");
        assertThat(Topics.header(dead.getFirst(), DeadLetters.TOPIC)).contains(us);
        assertThat(Topics.header(dead.getFirst(), DeadLetters.OFFSET)).contains("0");
        assertThat(Topics.header(dead.getFirst(), DeadLetters.EXCEPTION_MESSAGE))
                .contains("cannot price " + us + "|fail");

        final HealthResult health =
                Await.result(app.instance(KafkaHealthCheck.class).check());
        assertThat(health.data().get("topics"))
                .isEqualTo(new java.util.TreeMap<>(Map.of(
                        "prices",
                        eu + ", " + us + ", " + asia,
                        "quotes",
                        app.instance(KafkaConfiguration.class)
                                .channels()
                                .get("quotes")
                                .topic()
                                .orElseThrow())));
        final MeterRegistry registry = app.instance(MeterRegistry.class);
        for (final String topic : List.of(eu, us, asia)) {
            assertThat(registry.find("kafka_consumer_lag")
                            .tags("channel", "prices", "topic", topic)
                            .gauges())
                    .as("the lag of " + topic)
                    .isNotEmpty();
        }
    }

    @Test
    void aPatternConsumesTheTopicsItMatchesAndOneCreatedAfterStartUp() throws Exception {
        final String prefix = Topics.unique("quotes");
        final String first = prefix + ".a";
        final String second = prefix + ".b";
        final String later = prefix + ".c";
        final String unmatched = prefix + "-other";
        topics.create(first, 2);
        topics.create(second, 1);
        topics.create(unmatched, 1);
        start(
                "kafka.channels.quotes.topic",
                Pattern.quote(prefix) + "\\..+",
                "kafka.channels.quotes.pattern",
                "true",
                "kafka.channels.quotes.dead-letter-topic",
                prefix + "-dead",
                "kafka.channels.prices.topic",
                Topics.unique("unused"));

        topics.send(first, "k", "1");
        topics.send(first, "k", "2");
        topics.send(second, "k", "3");
        topics.send(unmatched, "k", "never");
        Await.until(WAIT, "the matched topics' quotes are consumed", () -> seen.quotes.size() >= 3);
        assertThat(seen.quotes).containsExactlyInAnyOrder(first + " 1", first + " 2", second + " 3");
        assertThat(List.copyOf(seen.quotes)).containsSubsequence(first + " 1", first + " 2");

        topics.create(later, 1);
        topics.send(later, "k", "4");
        Await.until(
                WAIT,
                "the quote of the topic created after start-up is consumed",
                () -> seen.quotes.contains(later + " 4"));
        assertThat(seen.quotes).hasSize(4).noneMatch(quote -> quote.contains("never"));
    }
}
