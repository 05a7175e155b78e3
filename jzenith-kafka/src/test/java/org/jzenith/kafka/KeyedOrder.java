package org.jzenith.kafka;

/** A payload that names its record's key. */
public record KeyedOrder(String id, int quantity) implements Keyed {

    @Override
    public String kafkaKey() {
        return id;
    }
}
