package org.jzenith.messaging.spi;

/**
 * A broker as the messaging layer sees it: what a connector module (Kafka, the next broker) gives the
 * layer so that the same {@code @Incoming} methods, processors and {@code @Channel} emitters run on it.
 * The layer owns the method model (reading, validating, calling, retrying, the failure strategy, the
 * inbox, sending a processor's result); the connector owns its client, its delivery loop and when a
 * message is acknowledged.
 *
 * <p><b>Inbound.</b> The connector consumes each channel its own way (Kafka: a poll loop per channel,
 * a virtual thread per partition) and hands every message to the channel's {@link
 * org.jzenith.messaging.consumer.MessageProcessor} as an {@link InboundMessage}, on a virtual thread;
 * it acknowledges the message (commits its offset, acks the delivery) only when {@code process}
 * returned true, and never acknowledges a later message of the same ordered source before it. What it
 * gives for that, per channel: the {@link ChannelPolicy} from its settings, its {@link DeadLetters},
 * its {@link ChannelMeters}, and the {@link MessageTracing} that continues the producer's trace.
 *
 * <p><b>Outbound.</b> {@link #outbound} sends to a channel's destination and completes when the broker
 * confirmed; the layer's emitters and processors write payloads and keys and never call it on an event
 * loop.
 *
 * <pre>{@code
 * List<ConsumerChannel> channels = ConsumerChannels.of(consumers, injector, connector, validator, failed);
 * for (ConsumerChannel channel : channels) {
 *     startConsuming(channel.channel(), message -> channel.processor().process(message));
 * }
 * }</pre>
 */
public interface Connector {

    /** The connector's name, as settings and logs name it: {@code kafka}. */
    String name();

    /** The parameter types it hands to methods besides the payload; {@link NativeParameters#NONE} for none. */
    NativeParameters parameters();

    /** How the layer treats the messages of the incoming {@code channel}. */
    ChannelPolicy policy(String channel);

    /** Where the messages of {@code channel} that failed for good go under {@code dead-letter-queue}. */
    DeadLetters deadLetters(String channel);

    /** The meters of consuming {@code channel}. */
    ChannelMeters meters(String channel);

    /** The spans of the messages it delivers. */
    MessageTracing tracing();

    /** Sends to the destination of {@code channel}. */
    Outbound outbound(String channel);
}
