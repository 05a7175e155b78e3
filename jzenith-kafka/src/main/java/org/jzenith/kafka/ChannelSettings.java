package org.jzenith.kafka;

import java.time.Duration;
import java.util.Optional;

/**
 * The settings of one channel as they apply: its own where set, the plugin's otherwise.
 *
 * @param channel the channel's name
 * @param topic its topic
 * @param deadLetterTopic where records go that failed every attempt or cannot be read
 * @param retries attempts after the first
 * @param backoff the first retry's wait
 * @param maxBackoff the longest wait
 * @param maxInFlight records held unfinished before fetching pauses
 * @param maxInFlightBytes bytes of keys and values held unfinished before fetching pauses
 * @param concurrency partitions processed at the same time
 * @param maxRecordBytes the most a record may weigh (key, value, headers) before it is dead-lettered unread
 */
record ChannelSettings(
        String channel,
        String topic,
        String deadLetterTopic,
        int retries,
        Duration backoff,
        Duration maxBackoff,
        int maxInFlight,
        long maxInFlightBytes,
        int concurrency,
        long maxRecordBytes) {

    /** The suffix of a topic's default dead-letter topic. */
    static final String DEAD_LETTER_SUFFIX = ".dlt";

    /** The settings of {@code channel} in {@code configuration}, in-flight bytes from this JVM's heap. */
    static ChannelSettings of(final String channel, final KafkaConfiguration configuration) {
        return of(channel, configuration, MemoryBudget.ofThisJvm());
    }

    /** The settings of {@code channel} in {@code configuration}, in-flight bytes from {@code budget}. */
    static ChannelSettings of(final String channel, final KafkaConfiguration configuration, final MemoryBudget budget) {
        final Optional<KafkaConfiguration.ChannelConfiguration> own =
                Optional.ofNullable(configuration.channels().get(channel));
        final String topic = own.flatMap(KafkaConfiguration.ChannelConfiguration::topic)
                .filter(value -> !value.isBlank())
                .orElse(channel);
        return new ChannelSettings(
                channel,
                topic,
                own.flatMap(KafkaConfiguration.ChannelConfiguration::deadLetterTopic)
                        .filter(value -> !value.isBlank())
                        .orElse(topic + DEAD_LETTER_SUFFIX),
                own.map(c -> c.retries().orElse(configuration.retries())).orElse(configuration.retries()),
                own.flatMap(KafkaConfiguration.ChannelConfiguration::backoff).orElse(configuration.backoff()),
                own.flatMap(KafkaConfiguration.ChannelConfiguration::maxBackoff).orElse(configuration.maxBackoff()),
                own.map(c -> c.maxInFlight().orElse(configuration.maxInFlight()))
                        .orElse(configuration.maxInFlight()),
                budget.inFlightBytes(),
                own.map(c -> c.concurrency().orElse(configuration.concurrency()))
                        .orElse(configuration.concurrency()),
                own.map(c -> c.maxRecordBytes())
                        .filter(java.util.OptionalLong::isPresent)
                        .orElse(configuration.maxRecordBytes())
                        .orElse(budget.inFlightBytes()));
    }

    /** How long the {@code attempt}th retry (1 for the first) waits: the backoff doubled each time, capped. */
    Duration backoffBefore(final int attempt) {
        final long base = backoff.toMillis();
        final long cap = Math.max(base, maxBackoff.toMillis());
        final int shift = Math.min(Math.max(attempt - 1, 0), 30);
        final long wait = base << shift;
        return Duration.ofMillis(wait < 0 || wait > cap ? cap : wait);
    }
}
