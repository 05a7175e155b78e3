package org.jzenith.kafka;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.common.TopicPartition;
import org.jzenith.messaging.spi.ChannelMeters;

/**
 * The plugin's meters, in the application's registry:
 *
 * <pre>
 * kafka_consumer_records_total{channel,outcome}      outcome: processed, failed (an attempt), dead_lettered,
 *                                                    unacknowledged (a Message method's ack late: see MessageProcessor),
 *                                                     dead_lettered_cut_down (its copy refused for good, see
 *                                                     DeadLetters), skipped (even that refused), oversize,
 *                                                     ignored (failure-strategy=ignore)
 * kafka_consumer_retries_total{channel}
 * kafka_consumer_processing_seconds{channel}         one record, from the first attempt to done
 * kafka_consumer_lag{channel,topic,partition}        records behind the partition's end, as of the last poll
 * kafka_producer_records_total{channel,outcome}      outcome: sent (acknowledged), failed
 * </pre>
 *
 * <p>Thread-safe.
 */
final class KafkaMetrics {

    private final MeterRegistry registry;
    private final Map<String, ChannelMeters> channels = new ConcurrentHashMap<>();
    private final Map<String, Sent> sent = new ConcurrentHashMap<>();
    private final Map<TopicPartition, Lag> lags = new ConcurrentHashMap<>();

    /** A partition's lag and its gauge. */
    private record Lag(AtomicLong value, Gauge gauge) {}

    KafkaMetrics(final MeterRegistry registry) {
        this.registry = registry;
    }

    /** The meters of consuming {@code channel}. */
    ChannelMeters channel(final String channel) {
        return channels.computeIfAbsent(
                channel,
                name -> new ChannelMeters(
                        counter("kafka_consumer_records_total", name, "processed"),
                        counter("kafka_consumer_records_total", name, "failed"),
                        Counter.builder("kafka_consumer_retries_total")
                                .description("Attempts at records after their first")
                                .tag("channel", name)
                                .register(registry),
                        counter("kafka_consumer_records_total", name, "dead_lettered"),
                        counter("kafka_consumer_records_total", name, "dead_lettered_cut_down"),
                        counter("kafka_consumer_records_total", name, "skipped"),
                        counter("kafka_consumer_records_total", name, "ignored"),
                        counter("kafka_consumer_records_total", name, "oversize"),
                        Timer.builder("kafka_consumer_processing_seconds")
                                .description("How long records take, from the first attempt to done")
                                .tag("channel", name)
                                .register(registry),
                        counter("kafka_consumer_records_total", name, "unacknowledged")));
    }

    /** The meters of sending to {@code channel}. */
    Sent sent(final String channel) {
        return sent.computeIfAbsent(
                channel,
                name -> new Sent(
                        Counter.builder("kafka_producer_records_total")
                                .description("Records sent, by whether the broker acknowledged them")
                                .tags("channel", name, "outcome", "sent")
                                .register(registry),
                        Counter.builder("kafka_producer_records_total")
                                .description("Records sent, by whether the broker acknowledged them")
                                .tags("channel", name, "outcome", "failed")
                                .register(registry)));
    }

    /** Records {@code lag} of a partition of {@code channel}. */
    void lag(final String channel, final TopicPartition partition, final long lag) {
        lags.computeIfAbsent(partition, key -> {
                    final AtomicLong value = new AtomicLong();
                    final Gauge gauge = Gauge.builder("kafka_consumer_lag", value, AtomicLong::get)
                            .description("Records behind the end of the partition, as of the last poll")
                            .tags(
                                    "channel",
                                    channel,
                                    "topic",
                                    key.topic(),
                                    "partition",
                                    Integer.toString(key.partition()))
                            .register(registry);
                    return new Lag(value, gauge);
                })
                .value()
                .set(lag);
    }

    /** Drops the lag of partitions this instance no longer consumes: another one reports it now. */
    void forget(final Iterable<TopicPartition> partitions) {
        partitions.forEach(partition -> {
            final Lag lag = lags.remove(partition);
            if (lag != null) {
                registry.remove(lag.gauge());
            }
        });
    }

    private Counter counter(final String name, final String channel, final String outcome) {
        return Counter.builder(name)
                .description("Records consumed, by outcome")
                .tags("channel", channel, "outcome", outcome)
                .register(registry);
    }

    /** The meters of one channel sent to. */
    record Sent(Counter acknowledged, Counter failed) {}
}
