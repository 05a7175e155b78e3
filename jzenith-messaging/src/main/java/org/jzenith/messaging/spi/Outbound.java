package org.jzenith.messaging.spi;

import java.util.concurrent.CompletionStage;

/**
 * A connector's sending side of one channel: hands a message to the broker, to the channel's
 * destination (a topic, an exchange with a routing key), and completes when the broker has confirmed
 * it (Kafka's {@code acks=all}, a queue broker's publisher confirm); fails when it did not, or when the
 * connector does not run. It may block while the client waits for room or metadata, so the layer never
 * calls it on an event loop. Counts and traces its sends. Thread-safe.
 *
 * <pre>{@code
 * Outbound orders = connector.outbound("orders");
 * orders.send(OutboundMessage.of(bytes)).toCompletableFuture().get();
 * }</pre>
 */
@FunctionalInterface
public interface Outbound {

    /** Sends {@code message}; the stage completes once the broker confirmed it. */
    CompletionStage<Void> send(OutboundMessage message);

    /**
     * {@code message} with what the connector reads from a {@code Message}'s outgoing {@code metadata}
     * (Kafka: SmallRye's {@code OutgoingKafkaRecordMetadata}, its key and headers; in-process: every
     * metadata object, as it is, {@link OutboundMessage#withMetadata}); {@code message} as it is by
     * default, for a connector that reads none.
     *
     * @throws IllegalArgumentException for metadata the connector knows and cannot honour, naming it: the
     *     send then fails rather than ignore it
     */
    default OutboundMessage withMetadata(final OutboundMessage message, final Iterable<Object> metadata) {
        return message;
    }

    /**
     * Whether {@link #withMetadata} reads {@code metadata}, one of a {@code Message}'s outgoing metadata
     * (Kafka: an {@code OutgoingKafkaRecordMetadata}; in-process: every one); false by default. The layer refuses to send a
     * message carrying a broker's outgoing metadata its connector does not read, since what it asks for
     * (a routing key, a record's key, properties) would be lost without a word.
     */
    default boolean reads(final Object metadata) {
        return false;
    }

    /** Whether the connector runs, so that a send can succeed at all. */
    default boolean open() {
        return true;
    }
}
