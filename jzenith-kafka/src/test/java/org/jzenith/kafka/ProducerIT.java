package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.test.services.PrivateKafka;

/**
 * {@code @Outgoing} producer methods against a real broker: what a {@code Multi} or a {@code Flowable}
 * emits arrives at the channel's topic, every item once, and an endless stream stops with the
 * application.
 */
class ProducerIT {

    @RegisterExtension
    static final PrivateKafka KAFKA = PrivateKafka.create(1);

    private static final Duration WAIT = Duration.ofSeconds(60);

    private final Topics topics = new Topics(KAFKA.bootstrapServers());
    private final List<JZenith> apps = new ArrayList<>();

    @AfterEach
    void stop() {
        apps.forEach(JZenith::stop);
        topics.close();
    }

    @Test
    void everyItemOfAMultiOrAFlowableArrivesOnceAndAnEndlessStreamStopsWithTheApplication() throws Exception {
        final String numbers = Topics.unique("numbers");
        final String orders = Topics.unique("orders");
        final String ticks = Topics.unique("ticks");
        for (final String topic : List.of(numbers, orders, ticks)) {
            topics.create(topic, 1);
        }
        final JZenith app = JZenith.application()
                .withPlugins(KafkaPlugin.withConsumers(Producers.class))
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers())
                .withConfiguration("kafka.channels.numbers.topic", numbers)
                .withConfiguration("kafka.channels.orders.topic", orders)
                .withConfiguration("kafka.channels.ticks.topic", ticks)
                .start();
        apps.add(app);

        final List<ConsumerRecord<String, String>> sentNumbers = topics.read(numbers, Producers.COUNT, WAIT);
        assertThat(sentNumbers.stream().map(ConsumerRecord::value).toList())
                .as("in order: one partition, sent one after the other")
                .containsExactlyElementsOf(IntStream.range(0, Producers.COUNT)
                        .mapToObj(Integer::toString)
                        .toList());
        final Set<String> sentOrders = topics.read(orders, Producers.COUNT, WAIT).stream()
                .map(ConsumerRecord::value)
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(sentOrders).hasSize(Producers.COUNT).contains("{\"id\":\"o-7\",\"quantity\":7}");
        assertThat(topics.read(ticks, 5, WAIT)).hasSizeGreaterThanOrEqualTo(5);

        app.stop();
        apps.clear();
        // Read twice, each for 3 s: a stream left running (a tick each 20 ms) would have added ~150.
        final int afterStop =
                topics.read(ticks, Integer.MAX_VALUE, Duration.ofSeconds(3)).size();
        assertThat(topics.read(ticks, Integer.MAX_VALUE, Duration.ofSeconds(3)))
                .as("the endless stream was cancelled when the application stopped")
                .hasSize(afterStop);
    }

    @Test
    void aProducerMethodThatCannotBeCalledStopsTheStartNamingIt() {
        final JZenith app = JZenith.application()
                .withPlugins(KafkaPlugin.withConsumers(BadProducers.class))
                .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers());
        org.assertj.core.api.Assertions.assertThatThrownBy(app::start)
                .hasMessageContaining(
                        "BadProducers.takesArgument (KafkaPlugin.withConsumers): is an @Outgoing producer with 1")
                .hasMessageContaining("BadProducers.returnsList (KafkaPlugin.withConsumers): is an @Outgoing producer"
                        + " returning java.util.List<java.lang.String>")
                .hasMessageContaining(
                        "BadProducers.raw (KafkaPlugin.withConsumers): returns io.smallrye.mutiny.Multi, whose item");
    }

    /** Producer methods jZenith cannot call, each for another reason. */
    public static class BadProducers {
        @org.eclipse.microprofile.reactive.messaging.Outgoing("a")
        public io.smallrye.mutiny.Multi<String> takesArgument(final String seed) {
            return io.smallrye.mutiny.Multi.createFrom().item(seed);
        }

        @org.eclipse.microprofile.reactive.messaging.Outgoing("b")
        public List<String> returnsList() {
            return List.of();
        }

        @SuppressWarnings("rawtypes")
        @org.eclipse.microprofile.reactive.messaging.Outgoing("c")
        public io.smallrye.mutiny.Multi raw() {
            return io.smallrye.mutiny.Multi.createFrom().empty();
        }
    }
}
