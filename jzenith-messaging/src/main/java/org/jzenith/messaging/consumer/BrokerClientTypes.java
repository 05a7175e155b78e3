package org.jzenith.messaging.consumer;

import java.lang.reflect.Type;
import java.util.List;
import java.util.Optional;
import org.jzenith.messaging.spi.Returns;

/**
 * The types of brokers' own clients, known by package: a method parameter of one of them that its
 * channel's connector does not hand to methods (a RabbitMQ {@code Delivery} on any channel, Kafka's
 * {@code ConsumerRecords}, SmallRye's {@code IncomingKafkaRecord}) would otherwise be read as a JSON
 * payload, and every message would fail. Known by name, so that no client needs to be on the classpath.
 *
 * <pre>{@code
 * BrokerClientTypes.of(com.rabbitmq.client.Delivery.class);  // Optional["RabbitMQ's amqp-client"]
 * BrokerClientTypes.of(Order.class);                         // Optional.empty()
 * }</pre>
 */
final class BrokerClientTypes {

    /** A client's package prefix and its name for the start-up message. */
    private record Client(String prefix, String name) {}

    private static final List<Client> CLIENTS = List.of(
            new Client("org.apache.kafka.", "Kafka's client"),
            new Client("com.rabbitmq.client.", "RabbitMQ's amqp-client"),
            new Client("io.vertx.kafka.", "Vert.x's Kafka client"),
            new Client("io.vertx.rabbitmq.", "Vert.x's RabbitMQ client"),
            new Client("io.vertx.amqp.", "Vert.x's AMQP client"),
            new Client("io.smallrye.reactive.messaging.", "SmallRye Reactive Messaging"),
            new Client("org.springframework.kafka.", "Spring for Apache Kafka"),
            new Client("org.springframework.amqp.", "Spring AMQP"),
            new Client("org.springframework.messaging.", "Spring Messaging"),
            new Client("jakarta.jms.", "Jakarta Messaging"),
            new Client("javax.jms.", "Java Message Service"),
            new Client("io.nats.client.", "the NATS client"),
            new Client("org.eclipse.paho.", "the Paho MQTT client"));

    private BrokerClientTypes() {}

    /** The client whose type {@code type} (or its raw type) is; empty for any other type. */
    static Optional<String> of(final Type type) {
        final String name = Returns.raw(type).getName();
        for (final Client client : CLIENTS) {
            if (name.startsWith(client.prefix())) {
                return Optional.of(client.name());
            }
        }
        return Optional.empty();
    }
}
