package org.jzenith.examples.users.events;

/**
 * Where the service layer tells about changes: to Kafka with {@code user.events=kafka}, nowhere with
 * {@code none} (the default, so that the service runs with nothing installed).
 */
public interface UserEvents {

    /** Publishes {@code event}; returns once it is delivered (or at once, for {@code none}). */
    void publish(UserEvent event);
}
