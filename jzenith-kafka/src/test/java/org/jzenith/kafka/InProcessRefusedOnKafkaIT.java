package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import io.smallrye.reactive.messaging.annotations.Broadcast;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.messaging.Channels;
import org.jzenith.messaging.consumer.ChannelDeclarations;
import org.jzenith.messaging.inprocess.InProcessPlugin;

/**
 * {@code @Broadcast} on an emitter, and two consumers of a channel with an emitter, are in-process
 * matters: on a Kafka channel start-up refuses both, naming the member, before any broker is asked
 * (the brokers here do not exist). A processor that consumes an in-process channel and sends to a
 * Kafka channel is not built: start-up refuses it naming the processor's channels.
 */
class InProcessRefusedOnKafkaIT {

    /** A guide's sender whose emitter broadcasts. */
    public static class BroadcastingSender {
        @Channel("notes")
        @Broadcast
        Emitter<String> notes;
    }

    /** A consumer of "notes". */
    public static class NoteTaker {
        @Incoming("notes")
        public void take(final String note) {}
    }

    /** Another consumer of "notes". */
    public static class NoteFiler {
        @Incoming("notes")
        public void file(final String note) {}
    }

    @Test
    void broadcastOnTheEmitterOfAKafkaChannelStopsStartUpNamingTheField() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(KafkaPlugin.withConsumers(NoteTaker.class).withEmitter("notes", String.class))
                        .withModules(binder -> binder.bind(BroadcastingSender.class))
                        .withConfiguration("kafka.bootstrap-servers", "127.0.0.1:1")
                        .withConfiguration("kafka.group-id", "notes"),
                "BroadcastingSender.notes");

        assertThat(failure.getMessage())
                .contains("has @Broadcast on the emitter of the channel 'notes', which a broker's plugin serves");
    }

    @Test
    void twoConsumersOfAKafkaChannelWithAnEmitterStopStartUpNamingBoth() {
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(KafkaPlugin.withConsumers(NoteTaker.class, NoteFiler.class)
                                .withEmitter("notes", String.class))
                        .withConfiguration("kafka.bootstrap-servers", "127.0.0.1:1")
                        .withConfiguration("kafka.group-id", "notes"),
                "the channel 'notes'");

        assertThat(failure.getMessage())
                .contains("NoteFiler.file")
                .contains("NoteTaker.take")
                .contains("consume it with one method");
    }

    @Test
    void aProcessorConsumingInProcessAndSendingToKafkaStopsStartUpNamingItsChannels() {
        final ChannelDeclarations channels = Channels.withConsumers(
                InProcessBesideKafkaIT.Words.class,
                InProcessBesideKafkaIT.Upper.class,
                InProcessBesideKafkaIT.Sink.class);
        final RuntimeException failure = assertRefusesToStart(
                JZenith.application()
                        .withPlugins(KafkaPlugin.serving(channels), InProcessPlugin.serving(channels))
                        .withConfiguration("kafka.bootstrap-servers", "127.0.0.1:1")
                        .withConfiguration("kafka.group-id", "notes")
                        .withConfiguration("messaging.channels.upper.connector", "kafka"),
                "the processor of the channel 'words'");

        assertThat(failure.getMessage())
                .contains("consumes 'words' on in-process and sends to 'upper' on kafka")
                .contains("choose the same connector for both channels");
    }
}
