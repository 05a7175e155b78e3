package org.jzenith.messaging;

import org.jzenith.messaging.consumer.ChannelDeclarations;

/**
 * An application's channels, declared once for every connector that may serve them: the consumer
 * classes, the emitters and the streams. Each connector plugin is given the same declarations, and a
 * setting per channel chooses which one serves it, so that a channel moves from Kafka to RabbitMQ by
 * configuration alone:
 *
 * <pre>{@code
 * ChannelDeclarations channels = Channels.withConsumers(AuditConsumer.class)
 *                                        .withEmitter("users", UserEvent.class);
 * JZenith.application(args)
 *        .withPlugins(KafkaPlugin.serving(channels), RabbitMqPlugin.serving(channels))
 *        .run();
 * // messaging.channels.users.connector=rabbitmq   (or mp.messaging.incoming.users.connector=smallrye-rabbitmq)
 * }</pre>
 *
 * <p>With one connector plugin serving them, it serves every channel and no setting is needed.
 */
public final class Channels {

    private Channels() {}

    /** Channels of {@code consumers}: classes whose {@code @Incoming} and producer methods run, each made once by Guice. */
    public static ChannelDeclarations withConsumers(final Class<?>... consumers) {
        return ChannelDeclarations.of(consumers);
    }

    /** No consumer class yet: only what {@code withEmitter} and {@code withStream} add. */
    public static ChannelDeclarations none() {
        return ChannelDeclarations.of();
    }
}
