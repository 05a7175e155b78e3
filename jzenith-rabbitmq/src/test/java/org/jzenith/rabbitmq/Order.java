package org.jzenith.rabbitmq;

import jakarta.validation.constraints.NotBlank;
import org.jzenith.messaging.Keyed;

/** A JSON payload of the tests, keyed by its customer. */
public record Order(@NotBlank String id, int quantity, String customer) implements Keyed {

    static Order of(final String id) {
        return new Order(id, 1, "c");
    }

    @Override
    public String messageKey() {
        return customer;
    }
}
