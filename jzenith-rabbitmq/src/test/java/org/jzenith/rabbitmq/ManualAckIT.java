package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.test.Await;

/**
 * A method that acknowledges its messages itself ({@code Message<T>}, MANUAL) does not hold its queue's
 * thread until it does: the next deliveries reach it meanwhile, up to the prefetch; each delivery is acked
 * when its message is, and those never acked go back to the queue when the consumer stops.
 */
class ManualAckIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final Broker broker = new Broker();
    private final String notes = broker.unique("notes");
    private JZenith app;

    @AfterEach
    void stop() {
        if (app != null) {
            app.stop();
        }
        Notes.HELD.clear();
        broker.close();
    }

    @Test
    void deliveriesGoOnWhileEarlierOnesWaitForTheirAckAndOnlyTheAckedLeaveTheQueue() throws Exception {
        app = JZenith.application()
                .withPlugins(RabbitMqPlugin.withConsumers(Notes.class).withEmitter("notes", String.class))
                .withConfiguration("rabbitmq.host", Broker.HOST)
                .withConfiguration("rabbitmq.port", Broker.PORT)
                .withConfiguration("rabbitmq.prefetch", 10)
                .withConfiguration("rabbitmq.drain-timeout", "1s") // the two never acked are waited for that long
                .withConfiguration("rabbitmq.channels.notes.exchange", notes)
                .withConfiguration("rabbitmq.channels.notes.queue", notes)
                .start();
        final Emitter<String> emitter =
                app.injector().getInstance(Key.get(new TypeLiteral<Emitter<String>>() {}, new ChannelLiteral("notes")));
        for (int i = 1; i <= 5; i++) {
            emitter.send("note-" + i).toCompletableFuture().get(10, TimeUnit.SECONDS);
        }

        // Before, the queue's thread waited for the first ack: one message was ever handed over.
        Await.until(WAIT, "all five handed over, none acknowledged", () -> Notes.HELD.size() == 5);
        assertThat(broker.ready(notes)).isZero();

        for (int i = 0; i < 3; i++) {
            final Message<String> note = Notes.HELD.remove();
            note.ack().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
        app.stop();
        app = null;

        Await.until(WAIT, "the two never acknowledged back in the queue", () -> broker.ready(notes) == 2);
    }

    @Test
    void aDeliveryNeverAcknowledgedIsCountedUnderRabbitMqsMeterNames() throws Exception {
        app = JZenith.application()
                .withPlugins(RabbitMqPlugin.withConsumers(Notes.class).withEmitter("notes", String.class))
                .withConfiguration("rabbitmq.host", Broker.HOST)
                .withConfiguration("rabbitmq.port", Broker.PORT)
                .withConfiguration("rabbitmq.drain-timeout", "1s")
                .withConfiguration("rabbitmq.unacknowledged-warning", "300ms")
                .withConfiguration("rabbitmq.channels.notes.exchange", notes)
                .withConfiguration("rabbitmq.channels.notes.queue", notes)
                .start();
        final Emitter<String> emitter =
                app.injector().getInstance(Key.get(new TypeLiteral<Emitter<String>>() {}, new ChannelLiteral("notes")));
        emitter.send("never acked").toCompletableFuture().get(10, TimeUnit.SECONDS);

        Await.until(WAIT, "the note handed over", () -> Notes.HELD.size() == 1);
        Await.until(
                WAIT,
                "the delivery left unacknowledged past rabbitmq.unacknowledged-warning is counted",
                () -> unacknowledged() == 1.0);
        assertThat(Notes.HELD).hasSize(1);
    }

    private double unacknowledged() {
        return app.instance(MeterRegistry.class)
                .get("rabbitmq_consumer_messages_total")
                .tags("channel", "notes", "outcome", "unacknowledged")
                .counter()
                .count();
    }
}
