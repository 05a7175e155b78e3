package org.jzenith.messaging.spi;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A message to send, as the messaging layer hands it to a connector: the payload already written
 * ({@link Payload}), the key a {@link org.jzenith.messaging.Keyed} payload names (Kafka's record key, a
 * queue broker's routing key), headers of the layer's own (an outbox's event id), and the {@code
 * Message}'s metadata objects for a connector that hands them on as they are (in-process channels,
 * where no broker stands between sender and consumer; a broker's connector writes bytes and leaves them
 * empty).
 *
 * <pre>{@code
 * outbound.send(OutboundMessage.of(payload.write(order)).withHeader("jzenith-event-id", id));
 * }</pre>
 *
 * @param payload the payload's bytes
 * @param key the key, when the payload names one
 * @param headers headers to add, by name
 * @param metadata the {@code Message}'s metadata objects, immutable by the specification's contract
 */
public record OutboundMessage(
        byte[] payload, Optional<String> key, Map<String, byte[]> headers, List<Object> metadata) {

    public OutboundMessage {
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(key, "key");
        headers = Map.copyOf(headers);
        metadata = List.copyOf(metadata);
    }

    /** A message of {@code payload} with {@code key} and {@code headers}, and no metadata. */
    public OutboundMessage(final byte[] payload, final Optional<String> key, final Map<String, byte[]> headers) {
        this(payload, key, headers, List.of());
    }

    /** A message of {@code payload} with no key, no headers and no metadata. */
    public static OutboundMessage of(final byte[] payload) {
        return new OutboundMessage(payload, Optional.empty(), Map.of());
    }

    /** This message with {@code key}, or none for an empty one. */
    public OutboundMessage withKey(final Optional<String> key) {
        return new OutboundMessage(payload, key, headers, metadata);
    }

    /**
     * This message carrying {@code metadata}, a {@code Message}'s metadata objects, as they are: for a
     * connector that hands objects on rather than bytes ({@link Outbound#withMetadata}).
     */
    public OutboundMessage withMetadata(final List<Object> metadata) {
        return new OutboundMessage(payload, key, headers, metadata);
    }

    /** This message with the header {@code name} set to {@code value}. */
    public OutboundMessage withHeader(final String name, final byte[] value) {
        final java.util.HashMap<String, byte[]> more = new java.util.HashMap<>(headers);
        more.put(name, value);
        return new OutboundMessage(payload, key, more, metadata);
    }
}
