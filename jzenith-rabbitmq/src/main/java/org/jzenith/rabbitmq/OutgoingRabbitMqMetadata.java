package org.jzenith.rabbitmq;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@code Message} sent to a RabbitMQ channel sets besides its payload: a routing key of its own
 * and AMQP headers. Added with {@code message.addMetadata(...)} to a processor's result or to what an
 * emitter sends. Immutable.
 *
 * <pre>{@code
 * emitter.send(Message.of(order).addMetadata(
 *         OutgoingRabbitMqMetadata.routingKey("order.created").withHeader("source", "shop")));
 * }</pre>
 *
 * @param routingKey the routing key to publish with, instead of the payload's key or the queue's name
 * @param headers AMQP headers to add, as text
 */
public record OutgoingRabbitMqMetadata(Optional<String> routingKey, Map<String, String> headers) {

    public OutgoingRabbitMqMetadata {
        Objects.requireNonNull(routingKey, "routingKey");
        headers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /** Metadata that publishes with {@code routingKey}. */
    public static OutgoingRabbitMqMetadata routingKey(final String routingKey) {
        return new OutgoingRabbitMqMetadata(Optional.of(routingKey), Map.of());
    }

    /** Metadata that only adds the header {@code name}. */
    public static OutgoingRabbitMqMetadata header(final String name, final String value) {
        return new OutgoingRabbitMqMetadata(Optional.empty(), Map.of(name, value));
    }

    /** This metadata with the header {@code name} set to {@code value} too. */
    public OutgoingRabbitMqMetadata withHeader(final String name, final String value) {
        final Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new OutgoingRabbitMqMetadata(routingKey, more);
    }
}
