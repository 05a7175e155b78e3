package org.jzenith.rabbitmq;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jzenith.core.configuration.SettingProblem;
import org.jzenith.messaging.spi.ChannelKeys;

/**
 * The settings of a channel the application only sends to that would do nothing: the plugin consumes
 * no queue for such a channel, so what only a consumer reads ({@code prefetch}, {@code retries},
 * {@code backoff}, {@code max-backoff}, {@code failure-strategy}, {@code max-message-bytes}) never
 * applies; and it declares a queue for it only where {@code rabbitmq.channels.NAME.queue} is set, so
 * what only a queue takes ({@code queue-type}, {@code dead-letter-exchange}, {@code message-ttl},
 * {@code max-length}, {@code overflow}, {@code delivery-limit}) applies only then. Each such key is a
 * problem of the one settings report, with its fix:
 *
 * <pre>
 * rabbitmq.channels.shipments.message-ttl=10m   # shipments has an emitter and no consumer:
 * # rabbitmq.channels.shipments.message-ttl is not valid: expected nothing on the channel 'shipments',
 * # which the application only sends to and whose queue is not set: set rabbitmq.channels.shipments.queue
 * # so that start-up declares that queue with it (bound to the channel's exchange), or remove it
 * </pre>
 */
final class SendOnlyChannels {

    /** The settings only a consumer reads. */
    static final List<String> CONSUMER_SETTINGS =
            List.of("prefetch", "retries", "backoff", "max-backoff", "failure-strategy", "max-message-bytes");

    /** The settings only a queue's declaration takes. */
    static final List<String> QUEUE_SETTINGS =
            List.of("queue-type", "dead-letter-exchange", "message-ttl", "max-length", "overflow", "delivery-limit");

    private SendOnlyChannels() {}

    /**
     * The keys of {@code configuration} that do nothing on the channels of {@code sendOnly} (those this
     * plugin serves that the application sends to and does not consume), sorted by channel.
     */
    static List<SettingProblem> problems(final RabbitMqConfiguration configuration, final Set<String> sendOnly) {
        final List<SettingProblem> problems = new ArrayList<>();
        for (final String channel : new TreeSet<>(sendOnly)) {
            final RabbitMqConfiguration.ChannelConfiguration settings =
                    configuration.channels().get(channel);
            if (settings == null) {
                continue;
            }
            final String prefix = ChannelKeys.prefix("rabbitmq", channel);
            set(settings).forEach((setting, present) -> {
                if (!present) {
                    return;
                }
                if (CONSUMER_SETTINGS.contains(setting)) {
                    problems.add(new SettingProblem(
                            prefix + setting,
                            "nothing on the channel '" + channel + "', which the application only sends to: only a"
                                    + " consumer of the channel reads it; remove it, or consume the channel"));
                } else if (settings.queue().filter(queue -> !queue.isBlank()).isEmpty()) {
                    problems.add(new SettingProblem(
                            prefix + setting,
                            "nothing on the channel '" + channel + "', which the application only sends to and"
                                    + " whose queue is not set: set " + prefix + "queue so that start-up declares"
                                    + " that queue with it (bound to the channel's exchange), or remove it"));
                }
            });
        }
        return List.copyOf(problems);
    }

    /** Whether each consumer and queue setting of a channel is set, in the order of the two lists. */
    private static Map<String, Boolean> set(final RabbitMqConfiguration.ChannelConfiguration settings) {
        final Map<String, Boolean> set = new LinkedHashMap<>();
        set.put("prefetch", settings.prefetch().isPresent());
        set.put("retries", settings.retries().isPresent());
        set.put("backoff", settings.backoff().isPresent());
        set.put("max-backoff", settings.maxBackoff().isPresent());
        set.put("failure-strategy", settings.failureStrategy().isPresent());
        set.put("max-message-bytes", settings.maxMessageBytes().isPresent());
        set.put("queue-type", settings.queueType().isPresent());
        set.put("dead-letter-exchange", settings.deadLetterExchange().isPresent());
        set.put("message-ttl", settings.messageTtl().isPresent());
        set.put("max-length", settings.maxLength().isPresent());
        set.put("overflow", settings.overflow().isPresent());
        set.put("delivery-limit", settings.deliveryLimit().isPresent());
        return set;
    }
}
