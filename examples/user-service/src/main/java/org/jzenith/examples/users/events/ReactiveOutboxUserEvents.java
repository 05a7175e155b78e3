package org.jzenith.examples.users.events;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.jzenith.postgresql.PostgresqlOutbox;

/**
 * Publishes user events through the reactive PostgreSQL plugin's transactional outbox: the
 * persistence layer hands it the connection of the change's reactive transaction, so the event
 * commits or rolls back with it, and the Kafka plugin's relay sends it to {@value
 * UserEventsModule#CHANNEL} after the commit, keyed by the user.
 */
@Singleton
final class ReactiveOutboxUserEvents implements UserEvents {

    private final PostgresqlOutbox outbox;

    @Inject
    ReactiveOutboxUserEvents(final PostgresqlOutbox outbox) {
        this.outbox = outbox;
    }

    @Override
    public Future<Void> publish(final SqlConnection transaction, final UserEvent event) {
        return outbox.publish(transaction, UserEventsModule.CHANNEL, event.messageKey(), event);
    }

    /** Refused: there is no transaction on a thread to join, only the one {@link #publish(SqlConnection, UserEvent)} gets. */
    @Override
    public void publish(final UserEvent event) {
        throw new IllegalStateException("the reactive outbox publishes in a reactive transaction only");
    }

    @Override
    public boolean transactional() {
        return true;
    }

    @Override
    public boolean reactive() {
        return true;
    }
}
