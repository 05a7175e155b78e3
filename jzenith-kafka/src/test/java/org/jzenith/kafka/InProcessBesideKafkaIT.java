package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import io.smallrye.mutiny.Multi;
import io.smallrye.reactive.messaging.annotations.Broadcast;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Outgoing;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.messaging.Channels;
import org.jzenith.messaging.consumer.ChannelDeclarations;
import org.jzenith.messaging.inprocess.InProcessPlugin;
import org.jzenith.test.Await;

/**
 * SmallRye's rule beside Kafka: channels declared once and given to both plugins; a channel with both
 * ends in the application and no connector setting runs in-process, so an application whose channels
 * all have both ends never connects to Kafka (its brokers here do not exist). {@code @Broadcast} on a
 * channel Kafka serves, and an in-process setting of one, stop start-up by name.
 */
class InProcessBesideKafkaIT {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String NO_BROKER = "127.0.0.1:1";

    /** Produces words for an in-process processor. */
    public static class Words {
        @Outgoing("words")
        public Multi<String> words() {
            return Multi.createFrom().items("in", "process");
        }
    }

    /** The processor: both its channels have both ends here. */
    public static class Upper {
        @Incoming("words")
        @Outgoing("upper")
        public String upper(final String word) {
            return word.toUpperCase(java.util.Locale.ROOT);
        }
    }

    /** The end of the chain. */
    public static class Sink {
        final List<String> received = new CopyOnWriteArrayList<>();

        @Incoming("upper")
        public void take(final String word) {
            received.add(word);
        }
    }

    /** A broadcast whose channel has no consumer here: Kafka serves it. */
    public static class Announcer {
        @Outgoing("announcements")
        @Broadcast
        public Multi<String> announce() {
            return Multi.createFrom().items("hello");
        }
    }

    @Test
    void channelsWithBothEndsRunInProcessAndKafkaStaysIdle() {
        final ChannelDeclarations channels = Channels.withConsumers(Words.class, Upper.class, Sink.class);
        final JZenith app = JZenith.application()
                .withPlugins(KafkaPlugin.serving(channels), InProcessPlugin.serving(channels))
                .withConfiguration("kafka.bootstrap-servers", NO_BROKER)
                .start();
        try {
            final Sink sink = app.instance(Sink.class);
            Await.until(WAIT, "two words through the in-process processor", () -> sink.received.size() == 2);
            assertThat(sink.received).containsExactly("IN", "PROCESS");
        } finally {
            app.stop();
        }
    }

    @Test
    void aChannelWithBothEndsGoesThroughKafkaWhenItsSettingSaysSo() {
        final ChannelDeclarations channels = Channels.withConsumers(Words.class, Upper.class, Sink.class);
        // the setting sends "upper" through Kafka, whose brokers do not exist: start-up tries to connect
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(KafkaPlugin.serving(channels), InProcessPlugin.serving(channels))
                        .withConfiguration("kafka.bootstrap-servers", NO_BROKER)
                        .withConfiguration("kafka.connect-timeout", "500ms")
                        .withConfiguration("kafka.group-id", "in-process-beside-kafka")
                        .withConfiguration("messaging.channels.upper.connector", "kafka")
                        .withConfiguration("messaging.channels.words.connector", "kafka"),
                NO_BROKER);

        assertThat(failure.getMessage()).contains("cannot connect to Kafka");
    }

    @Test
    void broadcastOnAChannelKafkaServesStopsStartUpNamingTheMethod() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(KafkaPlugin.withConsumers(Announcer.class))
                        .withConfiguration("kafka.bootstrap-servers", NO_BROKER),
                "Announcer.announce");

        assertThat(failure.getMessage())
                .contains("Announcer.announce (KafkaPlugin): has @Broadcast on the channel 'announcements', which"
                        + " kafka serves");
    }

    @Test
    void anInProcessSettingOfAChannelKafkaServesIsRefusedByKey() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(KafkaPlugin.withConsumers(Sink.class))
                        .withConfiguration("kafka.bootstrap-servers", NO_BROKER)
                        .withConfiguration("kafka.group-id", "in-process-beside-kafka")
                        .withConfiguration("messaging.channels.upper.retries", "2"),
                "messaging.channels.upper.retries");

        assertThat(failure.getMessage()).contains("set kafka.channels.upper.retries instead");
    }
}
