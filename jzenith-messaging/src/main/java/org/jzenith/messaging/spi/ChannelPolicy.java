package org.jzenith.messaging.spi;

import java.time.Duration;
import java.util.Objects;

/**
 * How the messaging layer treats the messages of one incoming channel, from the connector's settings
 * of that channel: how often a failed method is tried again and how long it waits between tries, what
 * becomes of a message that failed for good, and how large a message may be. Immutable.
 *
 * <pre>{@code
 * new ChannelPolicy("orders", 3, Duration.ofMillis(100), Duration.ofSeconds(5),
 *                   FailureStrategy.DEAD_LETTER_QUEUE, 1_048_576, "kafka.max-record-bytes")
 * }</pre>
 *
 * @param channel the channel's name
 * @param retries how often a failed method is called again before the message failed for good
 * @param backoff the wait before the first retry, doubled before each next one
 * @param maxBackoff the longest wait between retries
 * @param failureStrategy what becomes of a message that failed for good
 * @param maxMessageBytes the heaviest message ({@link InboundMessage#weight()}) the channel reads; a
 *     heavier one failed for good at once
 * @param maxMessageBytesKey the setting that says so, for the message that names it
 * @param unacknowledgedWarning how long after its method returned a message that method acknowledges
 *     itself ({@code Message<T>}) and has not yet is logged at WARN and counted
 */
public record ChannelPolicy(
        String channel,
        int retries,
        Duration backoff,
        Duration maxBackoff,
        FailureStrategy failureStrategy,
        long maxMessageBytes,
        String maxMessageBytesKey,
        Duration unacknowledgedWarning) {

    /** The default of {@link #unacknowledgedWarning()}: a minute. */
    public static final Duration UNACKNOWLEDGED_WARNING = Duration.ofSeconds(60);

    /** A policy that warns of an unacknowledged message after {@link #UNACKNOWLEDGED_WARNING}. */
    public ChannelPolicy(
            final String channel,
            final int retries,
            final Duration backoff,
            final Duration maxBackoff,
            final FailureStrategy failureStrategy,
            final long maxMessageBytes,
            final String maxMessageBytesKey) {
        this(
                channel,
                retries,
                backoff,
                maxBackoff,
                failureStrategy,
                maxMessageBytes,
                maxMessageBytesKey,
                UNACKNOWLEDGED_WARNING);
    }

    public ChannelPolicy {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(backoff, "backoff");
        Objects.requireNonNull(maxBackoff, "maxBackoff");
        Objects.requireNonNull(failureStrategy, "failureStrategy");
        Objects.requireNonNull(maxMessageBytesKey, "maxMessageBytesKey");
        Objects.requireNonNull(unacknowledgedWarning, "unacknowledgedWarning");
    }

    /** The wait before retry number {@code attempt} (1 for the first): doubling from the backoff, at most the maximum. */
    public Duration backoffBefore(final int attempt) {
        final long base = backoff.toMillis();
        final long cap = Math.max(base, maxBackoff.toMillis());
        final long wait = base << Math.min(Math.max(attempt - 1, 0), 30);
        return Duration.ofMillis(wait < 0 || wait > cap ? cap : wait);
    }
}
