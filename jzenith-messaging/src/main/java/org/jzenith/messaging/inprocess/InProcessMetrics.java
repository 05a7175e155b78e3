package org.jzenith.messaging.inprocess;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jzenith.messaging.spi.ChannelMeters;

/**
 * The meters of the in-process channels, named as a connector's consumer meters are:
 *
 * <pre>
 * messaging_in_process_messages_total{channel,outcome}   outcome: processed, failed (an attempt), nacked
 *                                                         (handed back to the sender), ignored, oversize,
 *                                                         unacknowledged
 * messaging_in_process_retries_total{channel}
 * messaging_in_process_processing_seconds{channel}       one message, from the first attempt to done
 * </pre>
 *
 * Thread-safe.
 */
final class InProcessMetrics {

    private final MeterRegistry registry;
    private final Map<String, ChannelMeters> channels = new ConcurrentHashMap<>();

    InProcessMetrics(final MeterRegistry registry) {
        this.registry = registry;
    }

    ChannelMeters channel(final String channel) {
        return channels.computeIfAbsent(
                channel,
                name -> new ChannelMeters(
                        counter(name, "processed"),
                        counter(name, "failed"),
                        Counter.builder("messaging_in_process_retries_total")
                                .tag("channel", name)
                                .register(registry),
                        counter(name, "nacked"),
                        counter(name, "nacked"),
                        counter(name, "nacked"),
                        counter(name, "ignored"),
                        counter(name, "oversize"),
                        Timer.builder("messaging_in_process_processing_seconds")
                                .tag("channel", name)
                                .register(registry),
                        counter(name, "unacknowledged")));
    }

    private Counter counter(final String channel, final String outcome) {
        return Counter.builder("messaging_in_process_messages_total")
                .tag("channel", channel)
                .tag("outcome", outcome)
                .register(registry);
    }
}
