package org.jzenith.docs.messaging;

import org.jzenith.core.JZenith;
import org.jzenith.rabbitmq.RabbitMqPlugin;

/** The shipping service on RabbitMQ: the same consumer class and emitter, another plugin and settings. */
public final class RabbitShippingApp {

    private RabbitShippingApp() {}

    // tag::main[]
    public static void main(final String... args) {
        JZenith.application(args)
                .withPlugins(RabbitMqPlugin.withConsumers(OrderEvents.class).withEmitter("shipments", Shipment.class))
                .withConfiguration("rabbitmq.host", "rabbit.internal")
                .withConfiguration("rabbitmq.channels.orders.exchange", "shop")
                .withConfiguration("rabbitmq.channels.orders.queue", "shipping.orders")
                .run();
    }
    // end::main[]
}
