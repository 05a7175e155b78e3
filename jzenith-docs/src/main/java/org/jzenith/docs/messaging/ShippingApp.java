package org.jzenith.docs.messaging;

import org.jzenith.core.JZenith;
import org.jzenith.kafka.KafkaPlugin;

/** The shipping service: consumes orders, sends shipments. */
public final class ShippingApp {

    private ShippingApp() {}

    // tag::main[]
    public static void main(final String... args) {
        JZenith.application(args)
                .withPlugins(KafkaPlugin.withConsumers(OrderEvents.class).withEmitter("shipments", Shipment.class))
                .withConfiguration("kafka.group-id", "shipping")
                .withConfiguration("kafka.channels.orders.topic", "shop.orders")
                .run();
    }
    // end::main[]
}
