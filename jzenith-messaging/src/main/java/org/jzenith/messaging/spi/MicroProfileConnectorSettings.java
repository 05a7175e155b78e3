package org.jzenith.messaging.spi;

import io.smallrye.config.ConfigMapping;
import java.util.Map;
import java.util.Optional;

/**
 * The connector of a channel as SmallRye Reactive Messaging (and Quarkus) users write it, read as
 * {@code messaging.channels.NAME.connector} ({@link ConnectorSettings}) is; no other {@code
 * mp.messaging.} key is read, so any other is reported as unknown:
 *
 * <pre>
 * mp.messaging.incoming.users.connector=smallrye-rabbitmq   # a channel the application consumes
 * mp.messaging.outgoing.users.connector=smallrye-kafka      # a channel it sends to
 * </pre>
 */
@ConfigMapping(prefix = "mp.messaging")
public interface MicroProfileConnectorSettings {

    /** The channels consumed, by name. */
    Map<String, Channel> incoming();

    /** The channels sent to, by name. */
    Map<String, Channel> outgoing();

    /** One channel's settings. */
    interface Channel {

        /** The connector, such as {@code smallrye-kafka} or {@code smallrye-rabbitmq}. */
        Optional<String> connector();
    }
}
