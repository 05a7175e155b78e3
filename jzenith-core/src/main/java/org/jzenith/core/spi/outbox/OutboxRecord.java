package org.jzenith.core.spi.outbox;

import java.time.Instant;
import java.util.Optional;

/**
 * One event of the outbox as the relay reads it.
 *
 * @param id the row's position: events are sent in this order
 * @param eventId the event's own id, globally unique; sent as the header {@code jzenith-event-id}, so
 *     that an inbox drops the copies a resend brings
 * @param channel the channel it goes to
 * @param key the record key; events of one key are sent in order
 * @param payload the event as written by {@link OutboxCodec}
 * @param createdAt when it was published
 */
public record OutboxRecord(
        long id, String eventId, String channel, Optional<String> key, byte[] payload, Instant createdAt) {}
