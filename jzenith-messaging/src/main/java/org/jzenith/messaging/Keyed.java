package org.jzenith.messaging;

/**
 * A payload that names the key of the message it is sent in. On Kafka it is the record's key: records
 * with the same key go to the same partition, so their consumers see them in the order they were sent;
 * a payload that is not {@code Keyed} is sent without a key, and the producer spreads such records over
 * the partitions. Each connector says what it makes of the key.
 *
 * <pre>{@code
 * public record OrderPlaced(String orderId, String sku, int quantity) implements Keyed {
 *     public String messageKey() { return orderId; }     // every event of one order in order
 * }
 * }</pre>
 *
 * <p>The key is written as UTF-8 text; a Kafka consumer reads it as {@code ConsumerRecord<String, V>}.
 */
public interface Keyed {

    /** The message's key; {@code null} for none. */
    String messageKey();
}
