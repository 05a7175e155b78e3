package org.jzenith.docs.messaging;

/** The shipping service's own logic; blocking calls are fine, consumers run on virtual threads. */
public class Warehouse {

    /** Reserves stock for an order; throws when it cannot, so the record is tried again. */
    public void reserve(final String sku, final int quantity) {
        if (quantity > 1_000) {
            throw new IllegalStateException("not enough " + sku + " in stock");
        }
    }

    /** Takes a new price of {@code sku}; throws when it cannot be taken (a negative price). */
    public void price(final String sku, final double price) {
        if (price < 0) {
            throw new IllegalStateException("a negative price for " + sku);
        }
    }
}
