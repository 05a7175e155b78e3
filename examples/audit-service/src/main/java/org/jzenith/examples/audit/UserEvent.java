package org.jzenith.examples.audit;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * A user service event as this service reads it from {@code users.events} (JSON). Its own copy of
 * the contract, not the user service's class: the two services share a format, not code.
 *
 * @param eventId the event's id, which makes a second delivery recognisable
 * @param type {@code UserCreated} or {@code UserDeleted}
 * @param userId the user
 * @param name the user's name, absent for a deletion
 * @param occurredAt when the user service made the change
 */
public record UserEvent(
        @NotNull UUID eventId,
        @NotBlank String type,
        @NotNull UUID userId,
        Optional<String> name,
        @NotNull Instant occurredAt) {}
