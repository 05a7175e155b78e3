package org.jzenith.examples.users.events;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.jzenith.core.outbox.Outbox;

/**
 * Publishes user events through the transactional outbox: the service layer calls it inside the
 * store's transaction of the change, so the event commits or rolls back with it, and the Kafka
 * plugin's relay sends it to {@value UserEventsModule#CHANNEL} after the commit, keyed by the user.
 */
@Singleton
final class OutboxUserEvents implements UserEvents {

    private final Outbox outbox;

    @Inject
    OutboxUserEvents(final Outbox outbox) {
        this.outbox = outbox;
    }

    @Override
    public void publish(final UserEvent event) {
        outbox.publish(UserEventsModule.CHANNEL, event.messageKey(), event);
    }

    @Override
    public boolean transactional() {
        return true;
    }
}
