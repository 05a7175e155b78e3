package org.jzenith.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Delivery;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Consumers written for RabbitMQ's own client: jZenith hands methods the payload or a {@code Message<T>},
 * never the client's types, and refuses these at start-up instead of reading each message as JSON.
 */
public class ClientTypeConsumers {

    @Incoming("orders")
    void delivery(final Delivery delivery) {}

    @Incoming("labels")
    void properties(final AMQP.BasicProperties properties) {}
}
