package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.messaging.inprocess.InProcessPlugin;
import org.jzenith.test.Await;

/**
 * A broker's outgoing metadata on a message sent to an in-process channel is handed on to the consumer
 * as it is, as SmallRye hands the {@code Message} on in-process, rather than refused as on a RabbitMQ
 * channel: no broker is there to lose what it sets. No Kafka runs here.
 */
class InProcessKafkaMetadataIT {

    private static final Duration WAIT = Duration.ofSeconds(20);

    /** Sends a note with the Kafka record key SmallRye's guide sets. */
    public static class KeyedNoteSender {
        @Channel("notes")
        Emitter<String> notes;

        void send(final String note, final OutgoingKafkaRecordMetadata<String> kafka) {
            notes.send(Message.of(note).addMetadata(kafka));
        }
    }

    /** Takes each note as a {@code Message}. */
    public static class NoteReader {
        final List<Message<String>> read = new CopyOnWriteArrayList<>();

        @Incoming("notes")
        public CompletionStage<Void> read(final Message<String> note) {
            read.add(note);
            return note.ack();
        }
    }

    @Test
    void kafkasOutgoingMetadataReachesTheInProcessConsumerAsItIs() {
        final JZenith app = JZenith.application()
                .withPlugins(InProcessPlugin.withConsumers(NoteReader.class).withEmitter("notes", String.class))
                .start();
        try {
            final OutgoingKafkaRecordMetadata<String> kafka = OutgoingKafkaRecordMetadata.<String>builder()
                    .withKey("note-1")
                    .build();

            app.instance(KeyedNoteSender.class).send("hello", kafka);

            final NoteReader reader = app.instance(NoteReader.class);
            Await.until(WAIT, "the note read", () -> reader.read.size() == 1);
            assertThat(reader.read.getFirst().getPayload()).isEqualTo("hello");
            assertThat(reader.read.getFirst().getMetadata(OutgoingKafkaRecordMetadata.class))
                    .containsSame(kafka);
        } finally {
            app.stop();
        }
    }
}
