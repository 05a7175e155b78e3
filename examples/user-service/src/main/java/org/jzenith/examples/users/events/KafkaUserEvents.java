package org.jzenith.examples.users.events;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;

/**
 * Sends user events through the Kafka plugin's emitter and waits for the broker's acknowledgement:
 * the service layer calls it on a virtual thread, and a request answers only once its event is
 * safe. Not an outbox: should the send fail after the change was stored, the request fails (500)
 * and the change stays without its event.
 */
@Singleton
final class KafkaUserEvents implements UserEvents {

    private final Emitter<UserEvent> emitter;

    @Inject
    KafkaUserEvents(@Channel(UserEventsModule.CHANNEL) final Emitter<UserEvent> emitter) {
        this.emitter = emitter;
    }

    @Override
    public void publish(final UserEvent event) {
        emitter.send(event).toCompletableFuture().join();
    }
}
