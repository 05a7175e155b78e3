package org.jzenith.messaging.inprocess.guide;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.messaging.inprocess.InProcessPlugin;
import org.jzenith.test.Await;

/**
 * A {@code Message}'s metadata travels through in-process channels as SmallRye hands the message on:
 * the application's own metadata an emitter's {@code Message} carries reaches the {@code Message<T>} its
 * consumer takes, the very object sent; a processor's {@code withPayload} keeps it and what the
 * processor adds arrives beside it at the chain's end; under {@code @Broadcast} every consumer gets it.
 * The messaging classes carry no jZenith annotation.
 */
class InProcessMetadataIT {

    private static final Duration WAIT = Duration.ofSeconds(20);

    private final List<JZenith> apps = new ArrayList<>();

    @AfterEach
    void stop() {
        apps.forEach(JZenith::stop);
    }

    private JZenith start(final JZenith app) {
        apps.add(app);
        return app.start();
    }

    @Test
    void anEmittersMessageMetadataReachesTheConsumersMessage() {
        final JZenith app = start(JZenith.application()
                .withPlugins(InProcessPlugin.withConsumers(UrgencyDesk.class).withEmitter("urgent", String.class)));
        final Urgency high = new Urgency("high");
        final Urgency low = new Urgency("low");

        app.instance(UrgentSender.class).send("order-1", high);
        app.instance(UrgentSender.class).send("order-2", low);

        final UrgencyDesk desk = app.instance(UrgencyDesk.class);
        Await.until(WAIT, "two orders taken", () -> desk.taken.size() == 2);
        assertThat(desk.taken).extracting(Message::getPayload).containsExactly("order-1", "order-2");
        assertThat(desk.taken.get(0).getMetadata(Urgency.class)).containsSame(high);
        assertThat(desk.taken.get(1).getMetadata(Urgency.class)).containsSame(low);
    }

    @Test
    void aProcessorsWithPayloadHandsTheMetadataOnToTheNextChannelWithWhatItAdds() {
        final JZenith app = start(JZenith.application()
                .withPlugins(InProcessPlugin.withConsumers(UrgencyStamper.class, StampedDesk.class)
                        .withEmitter("urgent", String.class)));
        final Urgency high = new Urgency("high");

        app.instance(UrgentSender.class).send("order-1", high);

        final StampedDesk desk = app.instance(StampedDesk.class);
        Await.until(WAIT, "the stamped order at the chain's end", () -> desk.taken.size() == 1);
        final Message<String> stamped = desk.taken.getFirst();
        assertThat(stamped.getPayload()).isEqualTo("ORDER-1");
        assertThat(stamped.getMetadata(Urgency.class)).containsSame(high);
        assertThat(stamped.getMetadata(Stamp.class)).contains(new Stamp("desk-1"));
    }

    @Test
    void aBroadcastChannelHandsTheMetadataToEachConsumer() {
        final JZenith app = start(JZenith.application()
                .withPlugins(InProcessPlugin.withConsumers(UrgencyDesk.class, UrgencyLog.class)
                        .withEmitter("urgent", String.class))
                .withModules(binder -> binder.bind(BroadcastingUrgentSender.class)));
        final Urgency high = new Urgency("high");

        app.instance(BroadcastingUrgentSender.class).send("order-1", high);

        final UrgencyDesk desk = app.instance(UrgencyDesk.class);
        final UrgencyLog log = app.instance(UrgencyLog.class);
        Await.until(WAIT, "both consumers to take the order", () -> desk.taken.size() == 1 && log.logged.size() == 1);
        assertThat(desk.taken.getFirst().getMetadata(Urgency.class)).containsSame(high);
        assertThat(log.logged.getFirst().getMetadata(Urgency.class)).containsSame(high);
    }
}
