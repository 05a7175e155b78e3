package org.jzenith.messaging.consumer;

import java.util.concurrent.CountDownLatch;

/**
 * One incoming channel of the application, ready for a connector to feed: the method that consumes it
 * and the processor that takes each of its messages to its end. The connector counts {@code stopping}
 * down to stop the channel; the processor counts it down itself when the failure strategy {@code fail}
 * stops the channel. Immutable.
 *
 * @param channel the channel's name
 * @param method the {@code @Incoming} method
 * @param processor takes each message to its end
 * @param stopping counted down when the channel stops
 */
public record ConsumerChannel(
        String channel, IncomingMethod method, MessageProcessor processor, CountDownLatch stopping) {

    /** Whether the method applies each message once through the inbox. */
    public boolean idempotent() {
        return method.method().isAnnotationPresent(org.jzenith.messaging.Idempotent.class);
    }

    /** {@code OrderEvents.onOrder, its results sent to channel 'shipments'}, for the log. */
    public String describe() {
        if (method.type() == org.jzenith.messaging.stream.ChannelStream.class) {
            return "its @Channel stream";
        }
        return method.describe()
                + method.forward()
                        .map(out -> ", its results sent to channel '" + out.channel() + "'")
                        .orElse("");
    }
}
