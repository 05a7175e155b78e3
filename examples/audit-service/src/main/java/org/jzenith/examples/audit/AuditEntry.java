package org.jzenith.examples.audit;

import java.time.Instant;
import java.util.UUID;

/**
 * One kept event, as {@code GET /audit} lists it.
 *
 * @param eventId the event's id
 * @param type {@code UserCreated} or {@code UserDeleted}
 * @param userId the user
 * @param name the user's name; empty for a deletion
 * @param occurredAt when the user service made the change
 * @param deliveries how often the event arrived: more than 1 after a redelivery (at least once)
 */
public record AuditEntry(UUID eventId, String type, UUID userId, String name, Instant occurredAt, int deliveries) {}
