package org.jzenith.rabbitmq;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jzenith.core.configuration.SettingProblem;
import org.jzenith.messaging.spi.ChannelKeys;
import org.jzenith.messaging.spi.ChannelPolicy;
import org.jzenith.messaging.spi.CommitStrategy;
import org.jzenith.messaging.spi.FailureStrategy;

/**
 * The settings of one channel as they apply: its own where set, the plugin's otherwise.
 *
 * @param channel the channel's name
 * @param exchange the exchange sent to and bound
 * @param exchangeType {@code direct}, {@code topic} or {@code fanout}
 * @param routingKey the routing key set for the channel, if any
 * @param queue the queue consumed
 * @param queueType {@code quorum} or {@code classic}
 * @param durable whether exchange and queue survive a broker restart
 * @param deadLetterExchange where messages go that failed for good
 * @param prefetch deliveries held unacknowledged
 * @param declare whether start-up declares the topology (else only checks it)
 * @param policy how the messaging layer treats the channel's messages
 * @param queueArguments the queue's TTL, length limit, overflow and delivery limit, where set
 * @param commitStrategy when the deliveries done are acked: batched ({@code throttled}) or each at once
 */
record ChannelSettings(
        String channel,
        String exchange,
        String exchangeType,
        Optional<String> routingKey,
        String queue,
        String queueType,
        boolean durable,
        String deadLetterExchange,
        int prefetch,
        boolean declare,
        ChannelPolicy policy,
        QueueArguments queueArguments,
        CommitStrategy commitStrategy) {

    static final Set<String> EXCHANGE_TYPES = Set.of("direct", "topic", "fanout");
    static final Set<String> QUEUE_TYPES = Set.of("quorum", "classic");

    /** The suffixes of a queue's default dead-letter exchange and the queue bound to it. */
    static final String DEAD_LETTER_EXCHANGE_SUFFIX = ".dlx";

    static final String DEAD_LETTER_QUEUE_SUFFIX = ".dlq";

    /** The settings of {@code channel} in {@code configuration}. */
    static ChannelSettings of(final String channel, final RabbitMqConfiguration configuration) {
        final Optional<RabbitMqConfiguration.ChannelConfiguration> own =
                Optional.ofNullable(configuration.channels().get(channel));
        final String queue = text(own.flatMap(RabbitMqConfiguration.ChannelConfiguration::queue))
                .orElse(channel);
        final String strategy = own.flatMap(RabbitMqConfiguration.ChannelConfiguration::failureStrategy)
                .orElse(configuration.failureStrategy());
        return new ChannelSettings(
                channel,
                text(own.flatMap(RabbitMqConfiguration.ChannelConfiguration::exchange))
                        .orElse(channel),
                text(own.flatMap(RabbitMqConfiguration.ChannelConfiguration::exchangeType))
                        .map(value -> value.toLowerCase(Locale.ROOT))
                        .orElse("topic"),
                text(own.flatMap(RabbitMqConfiguration.ChannelConfiguration::routingKey)),
                queue,
                text(own.flatMap(RabbitMqConfiguration.ChannelConfiguration::queueType))
                        .map(value -> value.toLowerCase(Locale.ROOT))
                        .orElse("quorum"),
                own.flatMap(RabbitMqConfiguration.ChannelConfiguration::durable).orElse(true),
                text(own.flatMap(RabbitMqConfiguration.ChannelConfiguration::deadLetterExchange))
                        .orElse(queue + DEAD_LETTER_EXCHANGE_SUFFIX),
                own.map(c -> c.prefetch().orElse(configuration.prefetch())).orElse(configuration.prefetch()),
                own.flatMap(RabbitMqConfiguration.ChannelConfiguration::declare).orElse(configuration.declare()),
                new ChannelPolicy(
                        channel,
                        own.map(c -> c.retries().orElse(configuration.retries()))
                                .orElse(configuration.retries()),
                        own.flatMap(RabbitMqConfiguration.ChannelConfiguration::backoff)
                                .orElse(configuration.backoff()),
                        own.flatMap(RabbitMqConfiguration.ChannelConfiguration::maxBackoff)
                                .orElse(configuration.maxBackoff()),
                        FailureStrategy.named(strategy).orElse(FailureStrategy.DEAD_LETTER_QUEUE),
                        own.map(c -> c.maxMessageBytes().orElse(configuration.maxMessageBytes()))
                                .orElse(configuration.maxMessageBytes()),
                        own.filter(c -> c.maxMessageBytes().isPresent()).isPresent()
                                ? ChannelKeys.of("rabbitmq", channel, "max-message-bytes")
                                : "rabbitmq.max-message-bytes",
                        configuration.unacknowledgedWarning()),
                own.map(QueueArguments::of).orElse(QueueArguments.NONE),
                CommitStrategy.named(own.flatMap(RabbitMqConfiguration.ChannelConfiguration::commitStrategy)
                                .orElse(configuration.commitStrategy()))
                        .orElse(CommitStrategy.THROTTLED));
    }

    private static Optional<String> text(final Optional<String> value) {
        return value.filter(text -> !text.isBlank());
    }

    /** What the queue is declared with: {@code x-queue-type} and the arguments set. */
    Map<String, Object> queueDeclaration() {
        return queueArguments.declared(queueType);
    }

    /** The queue the dead-letter exchange routes to: the queue's name and {@code .dlq}. */
    String deadLetterQueue() {
        return queue + DEAD_LETTER_QUEUE_SUFFIX;
    }

    /** The key the queue is bound with: the routing key set, else all for topic, the queue's name for direct. */
    String bindingKey() {
        return routingKey.orElseGet(() -> switch (exchangeType) {
            case "topic" -> "#";
            case "fanout" -> "";
            default -> queue;
        });
    }

    /** The key a message is sent with: the routing key set, else the payload's, else the queue's name. */
    String sendKey(final Optional<String> messageKey) {
        return routingKey.or(() -> messageKey).orElse(queue);
    }

    /** The settings key of one of this channel's settings: {@code rabbitmq.channels.orders.queue}. */
    String key(final String setting) {
        return ChannelKeys.of("rabbitmq", channel, setting);
    }

    /**
     * What is wrong with the plugin's and the channels' settings that their mapping cannot say itself
     * (names that must be one of a few, ranges of a channel's optional settings, a quorum queue that
     * is not durable, queue arguments that do not fit the queue), every problem at once, in core's {@link SettingProblem} style.
     */
    static List<SettingProblem> problems(final RabbitMqConfiguration configuration) {
        final List<SettingProblem> problems = new ArrayList<>();
        if (FailureStrategy.named(configuration.failureStrategy()).isEmpty()) {
            problems.add(new SettingProblem("rabbitmq.failure-strategy", FailureStrategy.expected()));
        }
        if (CommitStrategy.named(configuration.commitStrategy()).isEmpty()) {
            problems.add(new SettingProblem("rabbitmq.commit-strategy", CommitStrategy.expected()));
        }
        configuration.channels().forEach((channel, settings) -> {
            final String prefix = ChannelKeys.prefix("rabbitmq", channel);
            settings.exchangeType()
                    .filter(value -> !EXCHANGE_TYPES.contains(value.toLowerCase(Locale.ROOT)))
                    .ifPresent(value ->
                            problems.add(new SettingProblem(prefix + "exchange-type", "one of direct, topic, fanout")));
            settings.queueType()
                    .filter(value -> !QUEUE_TYPES.contains(value.toLowerCase(Locale.ROOT)))
                    .ifPresent(
                            value -> problems.add(new SettingProblem(prefix + "queue-type", "one of quorum, classic")));
            final boolean quorum = settings.queueType()
                    .map(value -> value.equalsIgnoreCase("quorum"))
                    .orElse(true);
            if (quorum && !settings.durable().orElse(true)) {
                problems.add(new SettingProblem(
                        prefix + "durable", "true for a quorum queue (or set " + prefix + "queue-type=classic)"));
            }
            settings.prefetch().stream()
                    .filter(value -> value < 1 || value > 65535)
                    .forEach(
                            value -> problems.add(new SettingProblem(prefix + "prefetch", "a number from 1 to 65535")));
            settings.retries().stream()
                    .filter(value -> value < 0 || value > 1000)
                    .forEach(value -> problems.add(new SettingProblem(prefix + "retries", "a number from 0 to 1000")));
            settings.maxMessageBytes().stream()
                    .filter(value -> value < RabbitMqConfiguration.MIN_MESSAGE_BYTES
                            || value > RabbitMqConfiguration.MAX_MESSAGE_BYTES)
                    .forEach(value -> problems.add(new SettingProblem(
                            prefix + "max-message-bytes", "a number of bytes from 1024 to 536870912")));
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
            settings.commitStrategy()
                    .filter(value -> CommitStrategy.named(value).isEmpty())
                    .ifPresent(value ->
                            problems.add(new SettingProblem(prefix + "commit-strategy", CommitStrategy.expected())));
            QueueArguments.problems(
                    prefix, settings, quorum, settings.declare().orElse(configuration.declare()), problems);
        });
        return List.copyOf(problems);
    }

    private static boolean outOfBackoffRange(final Duration value) {
        return value.isNegative() || value.compareTo(Duration.ofHours(1)) > 0;
    }
}
