package org.jzenith.kafka;

import org.jzenith.messaging.Keyed;

/** A payload that names its record's key. */
public record KeyedOrder(String id, int quantity) implements Keyed {

    @Override
    public String messageKey() {
        return id;
    }
}
