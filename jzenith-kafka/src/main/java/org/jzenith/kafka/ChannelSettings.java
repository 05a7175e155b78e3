package org.jzenith.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jzenith.core.configuration.SettingProblem;
import org.jzenith.messaging.spi.ChannelPolicy;
import org.jzenith.messaging.spi.FailureStrategy;

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
 * @param failureStrategy what becomes of a record that failed for good
 * @param unacknowledgedWarning when a record a {@code Message} method has not acked yet is logged
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
        long maxRecordBytes,
        FailureStrategy failureStrategy,
        Duration unacknowledgedWarning) {

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
                        .orElse(budget.inFlightBytes()),
                strategy(own.flatMap(KafkaConfiguration.ChannelConfiguration::failureStrategy)
                        .orElse(configuration.failureStrategy())),
                configuration.unacknowledgedWarning());
    }

    private static FailureStrategy strategy(final String value) {
        return FailureStrategy.named(value)
                .orElseThrow(() -> new IllegalArgumentException(
                        "failure-strategy is not valid: expected " + FailureStrategy.expected()));
    }

    /**
     * What is wrong with the plugin's and the channels' settings that core's checks of the mapping do
     * not find (a channel's ranges, {@link ChannelRanges}; failure strategies must be named), every
     * problem at once, in core's {@link SettingProblem} style.
     */
    static List<SettingProblem> problems(final KafkaConfiguration configuration) {
        final List<SettingProblem> problems = new ArrayList<>();
        if (FailureStrategy.named(configuration.failureStrategy()).isEmpty()) {
            problems.add(new SettingProblem("kafka.failure-strategy", FailureStrategy.expected()));
        }
        configuration.channels().forEach((channel, settings) -> {
            final String prefix = "kafka.channels." + channel + ".";
            problems.addAll(ChannelRanges.problems(prefix, settings));
            settings.failureStrategy()
                    .filter(value -> FailureStrategy.named(value).isEmpty())
                    .ifPresent(value ->
                            problems.add(new SettingProblem(prefix + "failure-strategy", FailureStrategy.expected())));
        });
        return List.copyOf(problems);
    }

    /** How long the {@code attempt}th retry (1 for the first) waits: the backoff doubled each time, capped. */
    Duration backoffBefore(final int attempt) {
        return policy().backoffBefore(attempt);
    }

    /** How the messaging layer treats this channel's records. */
    ChannelPolicy policy() {
        return new ChannelPolicy(
                channel,
                retries,
                backoff,
                maxBackoff,
                failureStrategy,
                maxRecordBytes,
                "kafka.max-record-bytes",
                unacknowledgedWarning);
    }
}
