package org.jzenith.messaging.emitter;

import java.util.Optional;
import java.util.Set;
import org.jzenith.messaging.spi.Outbound;

/**
 * Finds a broker's outgoing metadata on a message that a connector which does not read it would send:
 * an {@code OutgoingRabbitMQMetadata} on a channel Kafka serves, an {@code OutgoingKafkaRecordMetadata}
 * on a RabbitMQ channel (an in-process channel hands every metadata on as it is, so it reads them all). Its routing key, record key or properties would be lost, so the
 * send fails naming it. Other metadata (a tracing context, the application's own) is carried on as
 * before. The kinds are known by class name, so that no broker's classes need be on the class path.
 *
 * <pre>{@code
 * ForeignMetadata.in("orders", outbound, message.getMetadata())   // empty, or what is wrong
 * }</pre>
 */
final class ForeignMetadata {

    /** The outgoing metadata of the brokers' connectors of SmallRye Reactive Messaging and of jZenith. */
    private static final Set<String> BROKER_METADATA = Set.of(
            "io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata",
            "io.smallrye.reactive.messaging.rabbitmq.OutgoingRabbitMQMetadata",
            "io.smallrye.reactive.messaging.amqp.OutgoingAmqpMetadata",
            "io.smallrye.reactive.messaging.jms.OutgoingJmsMessageMetadata",
            "org.jzenith.rabbitmq.OutgoingRabbitMqMetadata");

    /** Per class, once: the check runs for every message a processor sends. */
    private static final ClassValue<Boolean> IS_BROKER_METADATA = new ClassValue<>() {
        @Override
        protected Boolean computeValue(final Class<?> type) {
            for (Class<?> each = type; each != null; each = each.getSuperclass()) {
                if (BROKER_METADATA.contains(each.getName())) {
                    return true;
                }
            }
            return false;
        }
    };

    private ForeignMetadata() {}

    /** What is wrong with sending {@code metadata} to {@code channel} through {@code outbound}; empty when nothing. */
    static Optional<String> in(final String channel, final Outbound outbound, final Iterable<Object> metadata) {
        for (final Object each : metadata) {
            if (IS_BROKER_METADATA.get(each.getClass()) && !outbound.reads(each)) {
                return Optional.of("the message carries " + each.getClass().getSimpleName()
                        + ", which the connector of channel '" + channel + "' does not read, so what it sets would"
                        + " be lost: use the outgoing metadata of the broker that serves the channel, or remove it");
            }
        }
        return Optional.empty();
    }
}
