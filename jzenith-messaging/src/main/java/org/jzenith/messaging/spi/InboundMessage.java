package org.jzenith.messaging.spi;

import java.util.List;
import java.util.Optional;

/**
 * A message as a connector hands it to the messaging layer: its payload's bytes, its headers, where it
 * came from, and the connector's own object for methods that take it. What the layer reads a method's
 * argument from, validates, retries and dead-letters, for any broker. Made by the connector per
 * delivery; immutable.
 *
 * <pre>{@code
 * // Kafka: a ConsumerRecord; a queue broker: a delivery with its tag
 * boolean done = processor.process(new KafkaInbound(record, topicIds));
 * }</pre>
 */
public interface InboundMessage {

    /** Where it came from, for logs and metrics: a topic, a queue. */
    String source();

    /** Where it is in its source, for logs that name it and never its payload: {@code orders-0@42}. */
    String position();

    /** The payload's bytes; empty for a message without one. */
    byte[] payload();

    /** The last value of the header {@code name}; empty when it has none. */
    Optional<byte[]> header(String name);

    /** What it weighs in memory, in bytes: payload, key and headers, for the in-flight bound and the size cap. */
    long weight();

    /**
     * The id an inbox knows this message by when it carries no event id of its own: its position
     * under an id of its source that a recreated source does not repeat.
     */
    String positionalId();

    /** The connector's own object (a Kafka {@code ConsumerRecord}), for the parameters it reads ({@link NativeParameters}). */
    Object unwrap();

    /**
     * The connector's incoming metadata, which a method taking a {@code Message<T>} finds in {@code
     * message.getMetadata()} (Kafka: SmallRye's {@code IncomingKafkaRecordMetadata} with key, topic,
     * partition, offset, timestamp and headers); none by default.
     */
    default List<Object> metadata() {
        return List.of();
    }
}
