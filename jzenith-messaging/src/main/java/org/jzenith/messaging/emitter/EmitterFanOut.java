package org.jzenith.messaging.emitter;

import java.util.List;
import java.util.Optional;

/**
 * What SmallRye's {@code @Broadcast} on a {@code @Channel} emitter injection point may say for a channel,
 * by the plugin that serves it: on an in-process channel an emitter with several consumers must
 * broadcast, and {@code @Broadcast(n)} must not wait for more consumers than the channel has; on a
 * broker's channel {@code @Broadcast} is refused (each consumer group gets every message already).
 * Immutable.
 *
 * <pre>{@code
 * ChannelEmitters.bind(binder(), "orders", Order.class, outbound, EmitterFanOut.inProcess(List.of("Audit.log", "Stock.take")));
 * }</pre>
 *
 * @param consumers the {@code @Incoming} methods of an in-process channel; empty for a broker's channel
 */
public record EmitterFanOut(Optional<List<String>> consumers) {

    /** A broker's channel: {@code @Broadcast} on its emitter is refused. */
    public static final EmitterFanOut BROKER = new EmitterFanOut(Optional.empty());

    public EmitterFanOut {
        consumers = consumers.map(List::copyOf);
    }

    /** An in-process channel consumed by {@code consumers}, named as start-up messages name members. */
    public static EmitterFanOut inProcess(final List<String> consumers) {
        return new EmitterFanOut(Optional.of(consumers));
    }

    /**
     * What is wrong with an emitter injection point of {@code channel} that has {@code broadcast}
     * ({@code @Broadcast}'s value) or none; empty when nothing is.
     */
    public Optional<String> problem(final String channel, final Optional<Integer> broadcast) {
        if (consumers.isEmpty()) {
            return broadcast.map(ignored -> "has @Broadcast on the emitter of the channel '" + channel + "', which a"
                    + " broker's plugin serves; @Broadcast applies to in-process channels (a broker hands a channel's"
                    + " messages to each consumer group already): remove it, or run the channel in-process"
                    + " (InProcessPlugin)");
        }
        final List<String> methods = consumers.get();
        final String named =
                methods.size() + " method" + (methods.size() == 1 ? "" : "s") + " (" + String.join(", ", methods) + ")";
        if (broadcast.isEmpty()) {
            return methods.size() > 1
                    ? Optional.of("is the emitter of the in-process channel '" + channel + "', which " + named
                            + " consume, and in-process only one may consume a channel unless its emitter broadcasts:"
                            + " annotate it with @Broadcast, or consume the channel with one method")
                    : Optional.empty();
        }
        return broadcast.get() > methods.size()
                ? Optional.of("has @Broadcast(" + broadcast.get() + ") on the emitter of the in-process channel '"
                        + channel + "', which waits for " + broadcast.get() + " consumers before it sends, but "
                        + named + " consume it, so it would never send; use @Broadcast(" + methods.size()
                        + ") or @Broadcast")
                : Optional.empty();
    }
}
