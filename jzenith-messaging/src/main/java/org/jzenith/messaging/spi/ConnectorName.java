package org.jzenith.messaging.spi;

/**
 * How a connector is named in settings.
 *
 * @param name jZenith's name, for {@code messaging.channels.NAME.connector}: {@code kafka}
 * @param smallRye SmallRye Reactive Messaging's, for {@code mp.messaging.incoming.NAME.connector}: {@code smallrye-kafka}
 * @param plugin the plugin's class as users name it in advice: {@code KafkaPlugin}
 */
public record ConnectorName(String name, String smallRye, String plugin) {

    /**
     * In-process channels' ({@code InProcessPlugin}): named here, where {@link ChannelChoice} applies
     * SmallRye's rule that a channel with both ends in the application runs in-process.
     */
    public static final ConnectorName IN_PROCESS = new ConnectorName("in-process", "in-process", "InProcessPlugin");
}
