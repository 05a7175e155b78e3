package org.jzenith.docs.messaging;

import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Incoming;

// tag::consumer[]
public class OrderEvents {

    private final Warehouse warehouse;
    private final Emitter<Shipment> shipments;

    @Inject
    public OrderEvents(final Warehouse warehouse, @Channel("shipments") final Emitter<Shipment> shipments) {
        this.warehouse = warehouse;
        this.shipments = shipments;
    }

    @Incoming("orders") // a plain method: called on a virtual thread, blocking is fine
    public void onOrder(final OrderPlaced order) {
        warehouse.reserve(order.sku(), order.quantity()); // throws: tried again, then dead-lettered
        shipments
                .send(new Shipment(order.orderId(), order.sku(), order.quantity()))
                .toCompletableFuture()
                .join(); // acknowledged by the broker (acks=all) before the order's offset is committed
    }
}
// end::consumer[]
