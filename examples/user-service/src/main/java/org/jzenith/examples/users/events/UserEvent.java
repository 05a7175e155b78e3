package org.jzenith.examples.users.events;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.jzenith.messaging.Keyed;

/**
 * What the service tells others about its users, as JSON on the topic {@code users.events}: {@code
 * {"eventId":"…","type":"UserCreated","userId":"…","name":"Ada","occurredAt":"…"}}. Keyed by the
 * user, so that one user's events stay in order on one partition; {@code eventId} lets a consumer
 * drop the copies at-least-once delivery may bring.
 *
 * @param eventId this event's own id
 * @param type {@code UserCreated} or {@code UserDeleted}
 * @param userId the user
 * @param name the user's name; absent for a deletion
 * @param occurredAt when the service made the change
 */
public record UserEvent(UUID eventId, String type, UUID userId, Optional<String> name, Instant occurredAt)
        implements Keyed {

    /** The event of a new user. */
    public static UserEvent created(final UUID userId, final String name, final Instant at) {
        return new UserEvent(UUID.randomUUID(), "UserCreated", userId, Optional.of(name), at);
    }

    /** The event of a deleted user. */
    public static UserEvent deleted(final UUID userId, final Instant at) {
        return new UserEvent(UUID.randomUUID(), "UserDeleted", userId, Optional.empty(), at);
    }

    @Override
    public String messageKey() {
        return userId.toString();
    }
}
