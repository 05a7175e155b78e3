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
    }
}
