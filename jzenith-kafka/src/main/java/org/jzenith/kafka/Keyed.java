package org.jzenith.kafka;

/**
 * A payload that names the key of the record it is sent in: records with the same key go to the
 * same partition, so their consumers see them in the order they were sent. A payload that is not
 * {@code Keyed} is sent without a key, and the producer spreads such records over the partitions.
 *
 * <pre>{@code
 * public record OrderPlaced(String orderId, String sku, int quantity) implements Keyed {
 *     public String kafkaKey() { return orderId; }     // every event of one order in order
 * }
 * }</pre>
 *
 * <p>The key is written as UTF-8 text; a consumer reads it as {@code ConsumerRecord<String, V>}.
 */
public interface Keyed {

    /** The record's key; {@code null} for none. */
    String kafkaKey();
}
