package org.jzenith.rabbitmq;

import org.jzenith.messaging.spi.ChannelMeters;
import org.jzenith.messaging.spi.ChannelPolicy;
import org.jzenith.messaging.spi.Connector;
import org.jzenith.messaging.spi.MessageTracing;
import org.jzenith.messaging.spi.NativeParameters;
import org.jzenith.messaging.spi.Outbound;

/**
 * RabbitMQ as the messaging layer's {@link Connector}, while the plugin runs: channels' policies
 * from {@code rabbitmq.channels.*}, dead letters to each channel's dead-letter exchange, meters under
 * {@code rabbitmq_consumer_*}, spans that continue the {@code traceparent} a message carries, and
 * confirmed sends through the plugin's publisher. Immutable.
 *
 * @param configuration the plugin's settings
 * @param client the connection and publisher
 * @param metrics the plugin's meters
 * @param rabbitTracing the plugin's spans
 */
record RabbitMqConnector(
        RabbitMqConfiguration configuration,
        RabbitMqClient client,
        RabbitMqMetrics metrics,
        RabbitMqTracing rabbitTracing)
        implements Connector {

    @Override
    public String name() {
        return "rabbitmq";
    }

    @Override
    public NativeParameters parameters() {
        return NativeParameters.NONE;
    }

    /** The settings of {@code channel}: its exchange, queue, bounds and policy. */
    ChannelSettings settings(final String channel) {
        return ChannelSettings.of(channel, configuration);
    }

    @Override
    public ChannelPolicy policy(final String channel) {
        return settings(channel).policy();
    }

    @Override
    public org.jzenith.messaging.spi.DeadLetters deadLetters(final String channel) {
        return new DeadLetters(channel, settings(channel).deadLetterExchange(), client);
    }

    @Override
    public ChannelMeters meters(final String channel) {
        return metrics.channel(channel);
    }

    @Override
    public MessageTracing tracing() {
        return message -> rabbitTracing.process(RabbitMqInbound.delivery(message), message.source());
    }

    @Override
    public Outbound outbound(final String channel) {
        return new RabbitMqOutbound(
                settings(channel), client, metrics.sent(channel), rabbitTracing, RabbitMqPlugin.user(configuration));
    }
}
