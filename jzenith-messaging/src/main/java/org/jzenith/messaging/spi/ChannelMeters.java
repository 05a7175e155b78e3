package org.jzenith.messaging.spi;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import java.util.Objects;

/**
 * The meters of one incoming channel that the messaging layer counts on, made by the connector under
 * its own names (Kafka's {@code kafka_consumer_*}), so that a dashboard reads a connector's meters as
 * it always has. Immutable; the meters are thread-safe.
 *
 * @param processed messages whose method succeeded
 * @param failed calls of the method that failed
 * @param retried calls made again after a failure
 * @param deadLettered messages sent to the dead letters
 * @param cutDown dead letters sent cut down to their position, the whole copy refused
 * @param skipped messages skipped because the dead letters refused even the cut-down copy
 * @param ignored messages done as they were under {@code failure-strategy=ignore}
 * @param oversize messages heavier than the channel's cap
 * @param processing the time from a message's start to its end, retries included
 * @param unacknowledged messages a method that acknowledges them itself ({@code Message<T>}) had not
 *     acknowledged or rejected a while after it returned (the layer then also logs a WARN naming it)
 */
public record ChannelMeters(
        Counter processed,
        Counter failed,
        Counter retried,
        Counter deadLettered,
        Counter cutDown,
        Counter skipped,
        Counter ignored,
        Counter oversize,
        Timer processing,
        Counter unacknowledged) {

    /**
     * The meters without {@code unacknowledged}, for a connector that does not export that one yet: its
     * count is kept in a registry of its own, the WARN is logged all the same.
     */
    public ChannelMeters(
            final Counter processed,
            final Counter failed,
            final Counter retried,
            final Counter deadLettered,
            final Counter cutDown,
            final Counter skipped,
            final Counter ignored,
            final Counter oversize,
            final Timer processing) {
        this(
                processed,
                failed,
                retried,
                deadLettered,
                cutDown,
                skipped,
                ignored,
                oversize,
                processing,
                Counter.builder("messaging_unacknowledged_total")
                        .register(new io.micrometer.core.instrument.simple.SimpleMeterRegistry()));
    }

    public ChannelMeters {
        Objects.requireNonNull(processed, "processed");
        Objects.requireNonNull(failed, "failed");
        Objects.requireNonNull(retried, "retried");
        Objects.requireNonNull(deadLettered, "deadLettered");
        Objects.requireNonNull(cutDown, "cutDown");
        Objects.requireNonNull(skipped, "skipped");
        Objects.requireNonNull(ignored, "ignored");
        Objects.requireNonNull(oversize, "oversize");
        Objects.requireNonNull(processing, "processing");
        Objects.requireNonNull(unacknowledged, "unacknowledged");
    }
}
