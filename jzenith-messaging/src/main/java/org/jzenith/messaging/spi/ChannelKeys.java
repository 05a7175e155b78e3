package org.jzenith.messaging.spi;

/**
 * The keys of a channel's settings as a user writes them, for messages that name them: a channel name
 * with a dot is one map key, which SmallRye Config reads only when it is quoted, so it is quoted here
 * too ({@code kafka.channels."users.events".topic}); others stay bare ({@code kafka.channels.orders.topic}).
 * A problem report names the very key the user must write, and core finds its value and source by it.
 *
 * <pre>{@code
 * ChannelKeys.of("kafka", "users.events", "topic")   // kafka.channels."users.events".topic
 * ChannelKeys.prefix("rabbitmq", "orders")           // rabbitmq.channels.orders.
 * }</pre>
 */
public final class ChannelKeys {

    private ChannelKeys() {}

    /** The key of {@code setting} of {@code channel} under {@code namespace} ({@code kafka}, {@code messaging}, ...). */
    public static String of(final String namespace, final String channel, final String setting) {
        return prefix(namespace, channel) + setting;
    }

    /** The key of {@code channel}'s settings group itself, without a setting: {@code kafka.channels.orders}. */
    public static String group(final String namespace, final String channel) {
        return namespace + ".channels." + name(channel);
    }

    /** The start of every key of {@code channel} under {@code namespace}, ending with a dot. */
    public static String prefix(final String namespace, final String channel) {
        return group(namespace, channel) + ".";
    }

    /** {@code channel} as one segment of a key: quoted when it holds a dot. */
    public static String name(final String channel) {
        return channel.indexOf('.') >= 0 ? "\"" + channel + "\"" : channel;
    }
}
