package org.jzenith.rabbitmq;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jzenith.messaging.spi.ChannelMeters;

/**
 * The plugin's meters, in the application's registry, named as Kafka's are:
 *
 * <pre>
 * rabbitmq_consumer_messages_total{channel,outcome}  outcome: processed, failed (an attempt), dead_lettered,
 *                                                     dead_lettered_cut_down, skipped, oversize, ignored,
 *                                                     unacknowledged (a Message method's ack late: see
 *                                                     rabbitmq.unacknowledged-warning)
 * rabbitmq_consumer_retries_total{channel}
 * rabbitmq_consumer_processing_seconds{channel}      one message, from the first attempt to done
 * rabbitmq_producer_messages_total{channel,outcome}  outcome: sent (confirmed), failed
 * </pre>
 *
 * <p>Thread-safe.
 */
final class RabbitMqMetrics {

    private final MeterRegistry registry;
    private final Map<String, ChannelMeters> channels = new ConcurrentHashMap<>();
    private final Map<String, Sent> sent = new ConcurrentHashMap<>();

    RabbitMqMetrics(final MeterRegistry registry) {
        this.registry = registry;
    }

    /** The meters of consuming {@code channel}. */
    ChannelMeters channel(final String channel) {
        return channels.computeIfAbsent(
                channel,
                name -> new ChannelMeters(
                        counter(name, "processed"),
                        counter(name, "failed"),
                        Counter.builder("rabbitmq_consumer_retries_total")
                                .description("Attempts at messages after their first")
                                .tag("channel", name)
                                .register(registry),
                        counter(name, "dead_lettered"),
                        counter(name, "dead_lettered_cut_down"),
                        counter(name, "skipped"),
                        counter(name, "ignored"),
                        counter(name, "oversize"),
                        Timer.builder("rabbitmq_consumer_processing_seconds")
                                .description("How long messages take, from the first attempt to done")
                                .tag("channel", name)
                                .register(registry),
                        counter(name, "unacknowledged")));
    }

    /** The meters of sending to {@code channel}. */
    Sent sent(final String channel) {
        return sent.computeIfAbsent(
                channel,
                name -> new Sent(
                        Counter.builder("rabbitmq_producer_messages_total")
                                .description("Messages sent, by whether the broker confirmed them")
                                .tags("channel", name, "outcome", "sent")
                                .register(registry),
                        Counter.builder("rabbitmq_producer_messages_total")
                                .description("Messages sent, by whether the broker confirmed them")
                                .tags("channel", name, "outcome", "failed")
                                .register(registry)));
    }

    private Counter counter(final String channel, final String outcome) {
        return Counter.builder("rabbitmq_consumer_messages_total")
                .description("Messages consumed, by outcome")
                .tags("channel", channel, "outcome", outcome)
                .register(registry);
    }

    /** The meters of one channel sent to. */
    record Sent(Counter confirmed, Counter failed) {}
}
