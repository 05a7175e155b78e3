package org.jzenith.examples.users.events;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;

/**
 * Where the service layer tells about changes: to Kafka with {@code user.events=kafka}, nowhere with
 * {@code none} (the default, so that the service runs with nothing installed).
 */
public interface UserEvents {

    /** Publishes {@code event}; returns once it is delivered (or at once, for {@code none}). */
    void publish(UserEvent event);

    /**
     * Whether {@link #publish} must be called inside the store's transaction of the change (the
     * outbox), rather than after it.
     */
    default boolean transactional() {
        return false;
    }

    /**
     * Whether a {@link #transactional()} publish goes into a reactive transaction ({@link
     * #publish(SqlConnection, UserEvent)}, the PostgreSQL plugin's outbox) rather than the one open on
     * the calling thread (the JDBC plugin's).
     */
    default boolean reactive() {
        return false;
    }

    /** Publishes {@code event} in the reactive transaction open on {@code transaction}; for {@link #reactive()} ones. */
    default Future<Void> publish(final SqlConnection transaction, final UserEvent event) {
        return Future.failedFuture(new UnsupportedOperationException(
                getClass().getSimpleName() + " does not publish in reactive transactions"));
    }
}
