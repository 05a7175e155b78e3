package org.jzenith.rabbitmq;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jzenith.core.configuration.SettingProblem;

/**
 * The optional arguments a channel's queue is declared with, from its settings: how long a message
 * may wait ({@code message-ttl}, {@code x-message-ttl}), how many it holds ({@code max-length}, {@code
 * x-max-length}) and what a full queue does ({@code overflow}, {@code x-overflow}: {@code drop-head}
 * drops the oldest, {@code reject-publish} refuses the send, which the sender sees fail), and how
 * often a quorum queue delivers a message before it drops it ({@code delivery-limit}, {@code
 * x-delivery-limit}). What the broker drops this way is gone: it is not dead-lettered.
 *
 * <pre>{@code
 * rabbitmq.channels.orders.message-ttl=10m
 * rabbitmq.channels.orders.max-length=100000
 * rabbitmq.channels.orders.overflow=reject-publish
 * rabbitmq.channels.orders.delivery-limit=20
 * }</pre>
 *
 * <p>RabbitMQ never changes a queue's arguments: a queue declared before with others makes the
 * declaration fail ({@code 406 PRECONDITION_FAILED}), which {@link #mismatch} explains.
 *
 * @param messageTtl how long a message may wait in the queue
 * @param maxLength the most messages the queue holds
 * @param overflow {@code drop-head} or {@code reject-publish}, when {@code maxLength} is set
 * @param deliveryLimit how often a message is delivered at most (quorum queues)
 */
record QueueArguments(
        Optional<Duration> messageTtl,
        Optional<Integer> maxLength,
        Optional<String> overflow,
        Optional<Integer> deliveryLimit) {

    /** No argument beyond the queue's type. */
    static final QueueArguments NONE =
            new QueueArguments(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());

    static final Set<String> OVERFLOWS = Set.of("drop-head", "reject-publish");

    /** The longest {@code x-message-ttl} RabbitMQ takes is 2^32-1 ms; 49 days stays below. */
    static final Duration MAX_TTL = Duration.ofDays(49);

    /** The settings by the argument they set, to name the key of an argument the broker refused. */
    private static final Map<String, String> SETTINGS = Map.of(
            "x-message-ttl", "message-ttl",
            "x-max-length", "max-length",
            "x-overflow", "overflow",
            "x-delivery-limit", "delivery-limit",
            "x-queue-type", "queue-type",
            "durable", "durable");

    private static final Pattern INEQUIVALENT = Pattern.compile("inequivalent arg '([^']+)'");

    /** The arguments {@code channel}'s settings name. */
    static QueueArguments of(final RabbitMqConfiguration.ChannelConfiguration channel) {
        return new QueueArguments(
                channel.messageTtl(),
                channel.maxLength().stream().boxed().findFirst(),
                channel.overflow().filter(value -> !value.isBlank()).map(value -> value.toLowerCase(Locale.ROOT)),
                channel.deliveryLimit().stream().boxed().findFirst());
    }

    /** What the queue is declared with: its type, and each argument set. */
    Map<String, Object> declared(final String queueType) {
        final Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("x-queue-type", queueType);
        messageTtl.ifPresent(ttl -> arguments.put("x-message-ttl", ttl.toMillis()));
        maxLength.ifPresent(length -> arguments.put("x-max-length", length));
        overflow.ifPresent(value -> arguments.put("x-overflow", value));
        deliveryLimit.ifPresent(limit -> arguments.put("x-delivery-limit", limit));
        return Map.copyOf(arguments);
    }

    /**
     * What is wrong with the queue arguments of the channel whose keys start with {@code prefix}
     * ({@code rabbitmq.channels.orders.}), added to {@code problems}: values out of range, an overflow
     * without a length to overflow, a delivery limit on a classic queue, and arguments where the
     * plugin does not declare the queue.
     */
    static void problems(
            final String prefix,
            final RabbitMqConfiguration.ChannelConfiguration channel,
            final boolean quorum,
            final boolean declare,
            final List<SettingProblem> problems) {
        channel.messageTtl()
                .filter(ttl -> ttl.isNegative() || ttl.compareTo(MAX_TTL) > 0)
                .ifPresent(
                        ttl -> problems.add(new SettingProblem(prefix + "message-ttl", "a duration from 0ms to 49d")));
        channel.maxLength().stream()
                .filter(length -> length < 1)
                .forEach(length -> problems.add(
                        new SettingProblem(prefix + "max-length", "a number of messages from 1 to 2147483647")));
        channel.overflow()
                .filter(value -> !OVERFLOWS.contains(value.toLowerCase(Locale.ROOT)))
                .ifPresent(value -> problems.add(new SettingProblem(
                        prefix + "overflow",
                        "drop-head (drop the oldest message) or reject-publish (refuse the send)")));
        if (channel.overflow().isPresent() && channel.maxLength().isEmpty()) {
            problems.add(new SettingProblem(
                    prefix + "overflow",
                    "no overflow without " + prefix + "max-length: a queue without a length never overflows"));
        }
        channel.deliveryLimit().stream()
                .filter(limit -> limit < 1)
                .forEach(limit -> problems.add(
                        new SettingProblem(prefix + "delivery-limit", "a number of deliveries from 1 to 2147483647")));
        if (channel.deliveryLimit().isPresent() && !quorum) {
            problems.add(new SettingProblem(
                    prefix + "delivery-limit",
                    "no delivery limit on a classic queue: RabbitMQ has one for quorum queues only (set " + prefix
                            + "queue-type=quorum, or remove " + prefix + "delivery-limit)"));
        }
        if (!declare) {
            final Map<String, Boolean> set = new LinkedHashMap<>();
            set.put("message-ttl", channel.messageTtl().isPresent());
            set.put("max-length", channel.maxLength().isPresent());
            set.put("overflow", channel.overflow().isPresent());
            set.put("delivery-limit", channel.deliveryLimit().isPresent());
            set.forEach((setting, present) -> {
                if (present) {
                    problems.add(new SettingProblem(
                            prefix + setting,
                            "nothing where the plugin does not declare the queue (declare=false): set the"
                                    + " argument where the queue is declared, or set " + prefix + "declare=true"));
                }
            });
        }
    }

    /**
     * What to say when the broker refused to declare {@code settings}' queue because it exists with
     * other arguments ({@code 406 PRECONDITION_FAILED - inequivalent arg 'x-message-ttl' ...}): the
     * channel, the queue, the argument and its setting, and what to do. Empty for other refusals.
     */
    static Optional<String> mismatch(final ChannelSettings settings, final String replyText) {
        final Matcher matcher = INEQUIVALENT.matcher(replyText);
        if (!matcher.find()) {
            return Optional.empty();
        }
        final String argument = matcher.group(1);
        final String setting = Optional.ofNullable(SETTINGS.get(argument))
                .map(settings::key)
                .map(key -> " than " + key + " says")
                .orElse(" (no setting of the channel sets it)");
        return Optional.of("channel '" + settings.channel() + "': the queue '" + settings.queue()
                + "' exists already with another " + argument + setting + ", and RabbitMQ does not change the"
                + " arguments of a queue. Set the setting to the queue's value, or delete the queue (its"
                + " messages go with it) so that start-up declares it anew. The broker said: " + replyText);
    }
}
