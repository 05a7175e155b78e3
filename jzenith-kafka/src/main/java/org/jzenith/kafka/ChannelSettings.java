package org.jzenith.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jzenith.core.configuration.SettingProblem;
import org.jzenith.messaging.spi.ChannelKeys;
import org.jzenith.messaging.spi.ChannelPolicy;
import org.jzenith.messaging.spi.CommitStrategy;
import org.jzenith.messaging.spi.FailureStrategy;

/**
 * The settings of one channel as they apply: its own where set, the plugin's otherwise.
 *
 * @param channel the channel's name
 * @param subscription the topics it consumes: one, several, or a pattern's
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
 * @param commitStrategy when the offsets of what is done are committed
 */
record ChannelSettings(
        String channel,
        Subscription subscription,
        String deadLetterTopic,
        int retries,
        Duration backoff,
        Duration maxBackoff,
        int maxInFlight,
        long maxInFlightBytes,
        int concurrency,
        long maxRecordBytes,
        FailureStrategy failureStrategy,
        Duration unacknowledgedWarning,
        CommitStrategy commitStrategy) {

    /** The suffix of a topic's default dead-letter topic. */
    static final String DEAD_LETTER_SUFFIX = ".dlt";

    /** The settings of {@code channel} in {@code configuration}, in-flight bytes from this JVM's heap. */
    static ChannelSettings of(final String channel, final KafkaConfiguration configuration) {
        return of(channel, configuration, MemoryBudget.ofThisJvm());
    }

    /** The settings of a channel of one topic. */
    ChannelSettings(
            final String channel,
            final String topic,
            final String deadLetterTopic,
            final int retries,
            final Duration backoff,
            final Duration maxBackoff,
            final int maxInFlight,
            final long maxInFlightBytes,
            final int concurrency,
            final long maxRecordBytes,
            final FailureStrategy failureStrategy,
            final Duration unacknowledgedWarning,
            final CommitStrategy commitStrategy) {
        this(
                channel,
                new Subscription.Topics(List.of(topic)),
                deadLetterTopic,
                retries,
                backoff,
                maxBackoff,
                maxInFlight,
                maxInFlightBytes,
                concurrency,
                maxRecordBytes,
                failureStrategy,
                unacknowledgedWarning,
                commitStrategy);
    }

    /** The settings of {@code channel} in {@code configuration}, in-flight bytes from {@code budget}. */
    static ChannelSettings of(final String channel, final KafkaConfiguration configuration, final MemoryBudget budget) {
        final Optional<KafkaConfiguration.ChannelConfiguration> own =
                Optional.ofNullable(configuration.channels().get(channel));
        final Subscription subscription = subscription(channel, own);
        return new ChannelSettings(
                channel,
                subscription,
                deadLetterTopic(channel, own, subscription),
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
                configuration.unacknowledgedWarning(),
                commitStrategy(own.flatMap(KafkaConfiguration.ChannelConfiguration::commitStrategy)
                        .orElse(configuration.commitStrategy())));
    }

    /**
     * The topics {@code channel} consumes, from settings {@link #problems} found sound: {@code topics},
     * else {@code topic} as a pattern where {@code pattern=true}, else {@code topic}, else the channel's name.
     */
    private static Subscription subscription(
            final String channel, final Optional<KafkaConfiguration.ChannelConfiguration> own) {
        final Optional<String> topic =
                own.flatMap(KafkaConfiguration.ChannelConfiguration::topic).filter(value -> !value.isBlank());
        final Optional<List<String>> topics = own.flatMap(KafkaConfiguration.ChannelConfiguration::topics)
                .map(ChannelSettings::names)
                .filter(names -> !names.isEmpty());
        if (topics.isPresent()) {
            return new Subscription.Topics(topics.get());
        }
        if (pattern(own) && topic.isPresent()) {
            return new Subscription.Matching(Pattern.compile(topic.get()));
        }
        return new Subscription.Topics(List.of(topic.orElse(channel)));
    }

    /**
     * The dead-letter topic: as set, else the one topic and {@value #DEAD_LETTER_SUFFIX}, else (several
     * topics, a pattern) the channel's name and {@value #DEAD_LETTER_SUFFIX}: one dead-letter topic per
     * channel, whose records name the topic each came from ({@code jzenith-dlt-topic}).
     */
    private static String deadLetterTopic(
            final String channel,
            final Optional<KafkaConfiguration.ChannelConfiguration> own,
            final Subscription subscription) {
        return own.flatMap(KafkaConfiguration.ChannelConfiguration::deadLetterTopic)
                .filter(value -> !value.isBlank())
                .orElseGet(() -> subscription.single().orElse(channel) + DEAD_LETTER_SUFFIX);
    }

    private static boolean pattern(final Optional<KafkaConfiguration.ChannelConfiguration> own) {
        return own.flatMap(KafkaConfiguration.ChannelConfiguration::pattern).orElse(false);
    }

    /** The names of a {@code topics} setting, trimmed; empty ones dropped ({@link #problems} reports them). */
    private static List<String> names(final List<String> topics) {
        return topics.stream().map(String::trim).filter(name -> !name.isEmpty()).toList();
    }

    private static FailureStrategy strategy(final String value) {
        return FailureStrategy.named(value)
                .orElseThrow(() -> new IllegalArgumentException(
                        "failure-strategy is not valid: expected " + FailureStrategy.expected()));
    }

    private static CommitStrategy commitStrategy(final String value) {
        return CommitStrategy.named(value)
                .orElseThrow(() -> new IllegalArgumentException(
                        "commit-strategy is not valid: expected " + CommitStrategy.expected()));
    }

    /**
     * What is wrong with the plugin's and the channels' settings that core's checks of the mapping do
     * not find (a channel's ranges, {@link ChannelRanges}; failure and commit strategies must be named), every
     * problem at once, in core's {@link SettingProblem} style.
     */
    static List<SettingProblem> problems(final KafkaConfiguration configuration) {
        final List<SettingProblem> problems = new ArrayList<>();
        if (FailureStrategy.named(configuration.failureStrategy()).isEmpty()) {
            problems.add(new SettingProblem("kafka.failure-strategy", FailureStrategy.expected()));
        }
        if (CommitStrategy.named(configuration.commitStrategy()).isEmpty()) {
            problems.add(new SettingProblem("kafka.commit-strategy", CommitStrategy.expected()));
        }
        configuration.channels().forEach((channel, settings) -> {
            final String prefix = ChannelKeys.prefix("kafka", channel);
            problems.addAll(ChannelRanges.problems(prefix, settings));
            problems.addAll(topicProblems(channel, prefix, settings));
            settings.failureStrategy()
                    .filter(value -> FailureStrategy.named(value).isEmpty())
                    .ifPresent(value ->
                            problems.add(new SettingProblem(prefix + "failure-strategy", FailureStrategy.expected())));
            settings.commitStrategy()
                    .filter(value -> CommitStrategy.named(value).isEmpty())
                    .ifPresent(value ->
                            problems.add(new SettingProblem(prefix + "commit-strategy", CommitStrategy.expected())));
        });
        return List.copyOf(problems);
    }

    /**
     * What is wrong with the topics of {@code channel}: {@code topic} and {@code topics} both set, an
     * empty or repeated name in {@code topics}, {@code pattern=true} without {@code topic}, a pattern
     * that is not a regular expression, and a dead-letter topic the channel consumes itself (its dead
     * letters would come back to it).
     */
    private static List<SettingProblem> topicProblems(
            final String channel, final String prefix, final KafkaConfiguration.ChannelConfiguration settings) {
        final List<SettingProblem> problems = new ArrayList<>();
        final boolean topic = settings.topic().filter(value -> !value.isBlank()).isPresent();
        final boolean pattern = settings.pattern().orElse(false);
        final Optional<List<String>> topics = settings.topics();
        if (topic && topics.isPresent()) {
            problems.add(new SettingProblem(
                    prefix + "topics",
                    "either " + prefix + "topic (one topic, or a regular expression with " + prefix
                            + "pattern=true) or " + prefix + "topics (several), not both: remove one"));
        }
        if (topics.isPresent()) {
            final List<String> trimmed = topics.get().stream().map(String::trim).toList();
            if (trimmed.isEmpty()
                    || trimmed.contains("")
                    || trimmed.stream().distinct().count() != trimmed.size()) {
                problems.add(new SettingProblem(
                        prefix + "topics", "topic names separated by commas, such as a,b,c: none empty, each once"));
            }
        }
        if (pattern && !topic) {
            problems.add(new SettingProblem(
                    prefix + "pattern",
                    "false, or the regular expression of the topics in " + prefix + "topic (such as " + channel
                            + "\\..+), where pattern=true reads it"
                            + (topics.isPresent() ? ", not in " + prefix + "topics" : "")));
        }
        if (pattern && topic) {
            try {
                Pattern.compile(settings.topic().orElseThrow());
            } catch (final PatternSyntaxException e) {
                problems.add(new SettingProblem(
                        prefix + "topic",
                        "a regular expression of the topics to consume (" + prefix + "pattern=true): "
                                + e.getDescription() + " at index " + e.getIndex()));
            }
        }
        if (problems.isEmpty()) {
            final Optional<KafkaConfiguration.ChannelConfiguration> own = Optional.of(settings);
            final Subscription subscription = subscription(channel, own);
            final String deadLetters = deadLetterTopic(channel, own, subscription);
            if (subscription.consumes(deadLetters)) {
                problems.add(new SettingProblem(
                        prefix + "dead-letter-topic",
                        "a topic the channel does not consume: " + deadLetters + " is one of its topics ("
                                + subscription.describe() + "), so its dead letters would come back to it"));
            }
        }
        return problems;
    }

    /**
     * What is wrong with the topics of {@code sent}, channels the application sends to (an emitter, a
     * processor's or a producer method's {@code @Outgoing}): each takes one topic, as SmallRye's outgoing
     * channels do, so several topics or a pattern are refused.
     */
    static List<SettingProblem> sentProblems(final KafkaConfiguration configuration, final Iterable<String> sent) {
        final List<SettingProblem> problems = new ArrayList<>();
        for (final String channel : sent) {
            final KafkaConfiguration.ChannelConfiguration own =
                    configuration.channels().get(channel);
            if (own == null) {
                continue;
            }
            final String prefix = ChannelKeys.prefix("kafka", channel);
            if (own.pattern().orElse(false)) {
                problems.add(new SettingProblem(
                        prefix + "pattern",
                        "false: the application sends to channel '" + channel + "', and a channel sent to takes"
                                + " one topic (" + prefix + "topic), not a pattern; consume the pattern on a channel"
                                + " of its own"));
            }
            if (own.topics()
                    .map(ChannelSettings::names)
                    .filter(names -> names.size() > 1)
                    .isPresent()) {
                problems.add(new SettingProblem(
                        prefix + "topics",
                        "one topic: the application sends to channel '" + channel + "', and a channel sent to"
                                + " takes one topic (" + prefix + "topic); consume several topics on a channel"
                                + " of its own"));
            }
        }
        return List.copyOf(problems);
    }

    /**
     * The one topic this channel sends to: a channel sent to has one ({@link #sentProblems} refused
     * others at start-up).
     *
     * @throws IllegalStateException for a channel of several topics or a pattern, which nothing sends to
     */
    String topic() {
        return subscription
                .single()
                .orElseThrow(() -> new IllegalStateException("channel '" + channel
                        + "' consumes " + subscription.describe()
                        + " and cannot be sent to: a channel sent to takes one"
                        + " topic (" + ChannelKeys.of("kafka", channel, "topic") + ")"));
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
