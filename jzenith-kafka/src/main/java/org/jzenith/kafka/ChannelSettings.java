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
     * What is wrong with the plugin's and the channels' settings that their mapping cannot say itself
     * (ranges are not checked on a channel's optional settings; failure strategies must be named),
     * every problem at once, in core's {@link SettingProblem} style.
     */
    static List<SettingProblem> problems(final KafkaConfiguration configuration) {
        final List<SettingProblem> problems = new ArrayList<>();
        if (FailureStrategy.named(configuration.failureStrategy()).isEmpty()) {
            problems.add(new SettingProblem("kafka.failure-strategy", FailureStrategy.expected()));
        }
        configuration.channels().forEach((channel, settings) -> {
            final String prefix = "kafka.channels." + channel + ".";
            settings.retries().stream()
                    .filter(value -> value < 0 || value > 1000)
                    .forEach(value -> problems.add(new SettingProblem(prefix + "retries", "a number from 0 to 1000")));
            settings.maxInFlight().stream()
                    .filter(value -> value < 1 || value > 1_000_000)
                    .forEach(value ->
                            problems.add(new SettingProblem(prefix + "max-in-flight", "a number from 1 to 1000000")));
            settings.concurrency().stream()
                    .filter(value -> value < 1 || value > 10_000)
                    .forEach(value ->
                            problems.add(new SettingProblem(prefix + "concurrency", "a number from 1 to 10000")));
            settings.maxRecordBytes().stream()
                    .filter(value ->
                            value < KafkaConfiguration.MIN_RECORD_BYTES || value > KafkaConfiguration.MAX_RECORD_BYTES)
                    .forEach(value -> problems.add(new SettingProblem(
                            prefix + "max-record-bytes", "a number of bytes from 1024 to 1073741824")));
            // the same bounds as kafka.backoff and kafka.max-backoff
            settings.backoff()
                    .filter(ChannelSettings::outOfBackoffRange)
                    .ifPresent(
                            value -> problems.add(new SettingProblem(prefix + "backoff", "a duration from 0ms to 1h")));
            settings.maxBackoff()
                    .filter(ChannelSettings::outOfBackoffRange)
                    .ifPresent(value ->
                            problems.add(new SettingProblem(prefix + "max-backoff", "a duration from 0ms to 1h")));
            settings.failureStrategy()
                    .filter(value -> FailureStrategy.named(value).isEmpty())
                    .ifPresent(value ->
                            problems.add(new SettingProblem(prefix + "failure-strategy", FailureStrategy.expected())));
        });
        return List.copyOf(problems);
    }

    private static boolean outOfBackoffRange(final Duration value) {
        return value.isNegative() || value.compareTo(Duration.ofHours(1)) > 0;
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
