package org.jzenith.core.spi.outbox;

import java.time.Instant;
import java.util.Optional;

/**
 * One event of the outbox as the relay reads it.
 *
 * <pre>{@code
 * new OutboxRecord(id, eventId, "users.events", Optional.of(userId), payload, createdAt, Optional.of(traceParent))
 * }</pre>
 *
 * @param id the row's position: events are sent in this order
 * @param eventId the event's own id, globally unique; sent as the header {@code jzenith-event-id}, so
 *     that an inbox drops the copies a resend brings
 * @param channel the channel it goes to
 * @param key the record key; events of one key are sent in order
 * @param payload the event as written by {@link OutboxCodec}
 * @param createdAt when it was published
 * @param traceParent the W3C {@code traceparent} of the span current where it was published ({@link
 *     TraceParents}), which the relay's send continues; empty when that service did not trace
 */
public record OutboxRecord(
        long id,
        String eventId,
        String channel,
        Optional<String> key,
        byte[] payload,
        Instant createdAt,
        Optional<String> traceParent) {

    /** An event published without a trace context (by a store that keeps none, or a service that does not trace). */
    public OutboxRecord(
            final long id,
            final String eventId,
            final String channel,
            final Optional<String> key,
            final byte[] payload,
            final Instant createdAt) {
        this(id, eventId, channel, key, payload, createdAt, Optional.empty());
    }
}
