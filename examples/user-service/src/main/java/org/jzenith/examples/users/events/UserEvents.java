package org.jzenith.examples.users.events;

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
}
