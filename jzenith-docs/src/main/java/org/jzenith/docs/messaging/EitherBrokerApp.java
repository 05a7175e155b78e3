package org.jzenith.docs.messaging;

import org.jzenith.core.JZenith;
import org.jzenith.kafka.KafkaPlugin;
import org.jzenith.messaging.Channels;
import org.jzenith.messaging.consumer.ChannelDeclarations;
import org.jzenith.rabbitmq.RabbitMqPlugin;

/**
 * The shipping service on Kafka or RabbitMQ, channel by channel, as its settings choose: the channels
 * declared once, both connectors given them.
 */
public final class EitherBrokerApp {

    private EitherBrokerApp() {}

    // tag::main[]
    public static void main(final String... args) {
        final ChannelDeclarations channels =
                Channels.withConsumers(OrderEvents.class).withEmitter("shipments", Shipment.class);
        JZenith.application(args)
                .withPlugins(KafkaPlugin.serving(channels), RabbitMqPlugin.serving(channels))
                .run();
    }
    // end::main[]
}
