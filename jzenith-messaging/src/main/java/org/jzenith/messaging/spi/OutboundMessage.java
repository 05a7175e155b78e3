package org.jzenith.messaging.spi;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A message to send, as the messaging layer hands it to a connector: the payload already written
 * ({@link Payload}), the key a {@link org.jzenith.messaging.Keyed} payload names (Kafka's record key, a
 * queue broker's routing key), and headers of the layer's own (an outbox's event id).
 *
 * <pre>{@code
 * outbound.send(OutboundMessage.of(payload.write(order)).withHeader("jzenith-event-id", id));
 * }</pre>
 *
 * @param payload the payload's bytes
 * @param key the key, when the payload names one
 * @param headers headers to add, by name
 */
public record OutboundMessage(byte[] payload, Optional<String> key, Map<String, byte[]> headers) {

    public OutboundMessage {
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(key, "key");
        headers = Map.copyOf(headers);
    }

    /** A message of {@code payload} with no key and no headers. */
    public static OutboundMessage of(final byte[] payload) {
        return new OutboundMessage(payload, Optional.empty(), Map.of());
    }

    /** This message with {@code key}, or none for an empty one. */
    public OutboundMessage withKey(final Optional<String> key) {
        return new OutboundMessage(payload, key, headers);
    }

    /** This message with the header {@code name} set to {@code value}. */
    public OutboundMessage withHeader(final String name, final byte[] value) {
        final java.util.HashMap<String, byte[]> more = new java.util.HashMap<>(headers);
        more.put(name, value);
        return new OutboundMessage(payload, key, more);
    }
}
