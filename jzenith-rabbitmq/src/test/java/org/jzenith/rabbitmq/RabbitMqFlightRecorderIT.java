package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.core.JZenith;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.test.Await;

/**
 * The {@code jzenith.rabbitmq.Consume} and {@code jzenith.rabbitmq.Send} events, read back from a real
 * recording of an application consuming from and sending to the machine's RabbitMQ: each names its
 * channel, queue or exchange, delivery tag or routing key and outcome, and none holds the payload.
 */
class RabbitMqFlightRecorderIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String BODY = "secret-payload-7f3a";

    @TempDir
    Path directory;

    private final Broker broker = new Broker();
    private final String notes = broker.unique("jfr");
    private final String nowhere = broker.unique("jfr-nowhere");
    private JZenith app;

    @AfterEach
    void stop() {
        if (app != null) {
            app.stop();
        }
        Notes.HELD.clear();
        broker.close();
    }

    private Emitter<String> emitter(final String channel) {
        return app.injector().getInstance(Key.get(new TypeLiteral<Emitter<String>>() {}, new ChannelLiteral(channel)));
    }

    @Test
    void aRecordingShowsEachDeliveryAndEachSendWithItsOutcomeAndNeverThePayload() throws Exception {
        final Path file = directory.resolve("rabbitmq.jfr");
        try (Recording recording = new Recording()) {
            recording.enable(ConsumeEvent.NAME);
            recording.enable(SendEvent.NAME);
            recording.start();
            app = JZenith.application()
                    .withPlugins(RabbitMqPlugin.withConsumers(Notes.class)
                            .withEmitter("notes", String.class)
                            .withEmitter("lost", String.class))
                    .withConfiguration("rabbitmq.host", Broker.HOST)
                    .withConfiguration("rabbitmq.port", Broker.PORT)
                    .withConfiguration("rabbitmq.drain-timeout", "1s")
                    .withConfiguration("rabbitmq.channels.notes.exchange", notes)
                    .withConfiguration("rabbitmq.channels.notes.queue", notes)
                    .withConfiguration("rabbitmq.channels.lost.exchange", nowhere)
                    .start();
            emitter("notes").send(BODY).toCompletableFuture().get(10, TimeUnit.SECONDS);
            emitter("notes").send(BODY).toCompletableFuture().get(10, TimeUnit.SECONDS);
            assertThat(emitter("lost").send(BODY).toCompletableFuture()).failsWithin(Duration.ofSeconds(10));
            Await.until(WAIT, "both notes handed over", () -> Notes.HELD.size() == 2);
            Notes.HELD.remove().ack().toCompletableFuture().get(10, TimeUnit.SECONDS);
            app.stop(); // the other one, never acked, is given back or left to the channel's close
            app = null;
            recording.stop();
            recording.dump(file);
        }

        final List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        final List<RecordedEvent> consumed = named(events, ConsumeEvent.NAME);
        assertThat(consumed).hasSize(1);
        final RecordedEvent delivery = consumed.getFirst();
        assertThat(delivery.getString("channel")).isEqualTo("notes");
        assertThat(delivery.getString("queue")).isEqualTo(notes);
        assertThat(delivery.getLong("deliveryTag")).isPositive();
        assertThat(delivery.getBoolean("redelivered")).isFalse();
        assertThat(delivery.getString("outcome")).isEqualTo("acked");
        assertThat(delivery.getDuration()).isPositive();

        final List<RecordedEvent> sent = named(events, SendEvent.NAME);
        assertThat(sent).hasSize(3);
        assertThat(sent)
                .filteredOn(event -> event.getString("outcome").equals("confirmed"))
                .hasSize(2)
                .allSatisfy(event -> {
                    assertThat(event.getString("channel")).isEqualTo("notes");
                    assertThat(event.getString("exchange")).isEqualTo(notes);
                    assertThat(event.getString("routingKey")).isEqualTo(notes);
                    assertThat(event.getString("failure")).isEmpty();
                    assertThat(event.getDuration()).isPositive();
                });
        assertThat(sent)
                .filteredOn(event -> event.getString("outcome").equals("returned"))
                .singleElement()
                .satisfies(event -> {
                    assertThat(event.getString("channel")).isEqualTo("lost");
                    assertThat(event.getString("exchange")).isEqualTo(nowhere);
                    assertThat(event.getString("failure")).isEqualTo(UnroutableException.class.getName());
                });
        for (final RecordedEvent event : events) {
            if (event.getEventType().getName().startsWith("jzenith.rabbitmq.")) {
                assertThat(event.getFields())
                        .as(
                                "no field of %s holds the payload",
                                event.getEventType().getName())
                        .noneMatch(field -> Objects.toString(event.getValue(field.getName()))
                                .contains(BODY));
            }
        }
    }

    private static List<RecordedEvent> named(final List<RecordedEvent> events, final String name) {
        return events.stream()
                .filter(event -> event.getEventType().getName().equals(name))
                .toList();
    }
}
