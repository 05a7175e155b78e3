package org.jzenith.messaging.consumer;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.jzenith.messaging.spi.ChannelMeters;

/** A channel's meters in a test's registry, each counter named by its outcome ({@code processed}, {@code ignored}, ...). */
final class CountingMeters {

    private CountingMeters() {}

    static ChannelMeters in(final MeterRegistry registry) {
        return new ChannelMeters(
                registry.counter("processed"),
                registry.counter("failed"),
                registry.counter("retried"),
                registry.counter("dead"),
                registry.counter("cut"),
                registry.counter("skipped"),
                registry.counter("ignored"),
                registry.counter("oversize"),
                Timer.builder("processing").register(registry),
                registry.counter("unacknowledged"));
    }
}
