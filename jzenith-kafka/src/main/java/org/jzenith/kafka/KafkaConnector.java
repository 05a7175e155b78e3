package org.jzenith.kafka;

import org.jzenith.messaging.spi.ChannelMeters;
import org.jzenith.messaging.spi.ChannelPolicy;
import org.jzenith.messaging.spi.Connector;
import org.jzenith.messaging.spi.DeadLetters;
import org.jzenith.messaging.spi.MessageTracing;
import org.jzenith.messaging.spi.NativeParameters;
import org.jzenith.messaging.spi.Outbound;

/**
 * Kafka as the messaging layer's {@link Connector}, while the plugin runs: channels' policies from
 * {@code kafka.channels.*}, dead letters to each channel's dead-letter topic, meters under {@code
 * kafka_consumer_*}, spans that continue the {@code traceparent} a record carries, and sends through
 * the plugin's producer. Immutable.
 *
 * @param configuration the plugin's settings
 * @param budget the memory the channels' in-flight bounds are sized from
 * @param clients the producer and admin client
 * @param deadLetters sends to dead-letter topics
 * @param metrics the plugin's meters
 * @param kafkaTracing the plugin's spans
 * @param group the consumer group, named in consumer spans
 */
record KafkaConnector(
        KafkaConfiguration configuration,
        MemoryBudget budget,
        KafkaClients clients,
        org.jzenith.kafka.DeadLetters deadLetters,
        KafkaMetrics metrics,
        KafkaTracing kafkaTracing,
        String group)
        implements Connector {

    @Override
    public String name() {
        return "kafka";
    }

    @Override
    public NativeParameters parameters() {
        return KafkaParameters.INSTANCE;
    }

    /** The settings of {@code channel}: its topic, bounds and policy. */
    ChannelSettings settings(final String channel) {
        return ChannelSettings.of(channel, configuration, budget);
    }

    @Override
    public ChannelPolicy policy(final String channel) {
        return settings(channel).policy();
    }

    @Override
    public DeadLetters deadLetters(final String channel) {
        return deadLetters.to(settings(channel).deadLetterTopic());
    }

    @Override
    public ChannelMeters meters(final String channel) {
        return metrics.channel(channel);
    }

    @Override
    public MessageTracing tracing() {
        return message -> kafkaTracing.process(KafkaInbound.record(message), group);
    }

    @Override
    public Outbound outbound(final String channel) {
        return new KafkaOutbound(channel, settings(channel).topic(), clients, metrics.sent(channel), kafkaTracing);
    }
}
