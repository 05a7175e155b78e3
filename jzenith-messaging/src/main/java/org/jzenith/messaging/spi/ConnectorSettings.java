package org.jzenith.messaging.spi;

import io.smallrye.config.ConfigMapping;
import java.util.Map;
import java.util.Optional;

/**
 * Which connector serves each channel, where more than one connector plugin serves the same channels
 * ({@link ChannelChoice}):
 *
 * <pre>
 * messaging.channels.users.connector=rabbitmq   # or kafka; unset: the only connector serving the channels
 * messaging.channels.totals.failure-strategy=fail   # an in-process channel's: nack (default), ignore, fail
 * messaging.channels.totals.retries=2               # an in-process channel's: calls again after a failure (0)
 * </pre>
 */
@ConfigMapping(prefix = "messaging")
public interface ConnectorSettings {

    /** Settings of single channels, by channel name. */
    Map<String, Channel> channels();

    /** One channel's settings. */
    interface Channel {

        /** The connector that serves the channel, such as {@code kafka} or {@code rabbitmq}. */
        Optional<String> connector();

        /**
         * What becomes of a message of an in-process channel whose method failed for good: {@code nack}
         * (its sender's send fails with the failure), {@code ignore}, {@code fail}; a broker's channel
         * takes its connector's own setting ({@code kafka.channels.NAME.failure-strategy}).
         */
        Optional<String> failureStrategy();

        /** How often the method of an in-process channel is called again after it failed; 0 by default. */
        Optional<Integer> retries();
    }
}
