package org.jzenith.messaging.consumer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.jzenith.messaging.producer.OutgoingMethod;
import org.jzenith.messaging.spi.NativeParameters;
import org.jzenith.messaging.spi.UnsupportedMessaging;
import org.jzenith.messaging.stream.ChannelStream;

/**
 * What a connector plugin's user names in code: the consumer classes, the channels with an emitter
 * and the channels with a stream, each with its payload type. The same checks for every connector
 * ({@code KafkaPlugin.withConsumers(...).withEmitter(...)}, {@code RabbitMqPlugin...}). Immutable.
 *
 * <pre>{@code
 * ChannelDeclarations channels = Channels.withConsumers(OrderEvents.class).withEmitter("shipments", Shipment.class);
 * }</pre>
 *
 * <p>Given to one connector ({@code KafkaPlugin.withConsumers(...)}) they are all its channels; given to
 * several ({@code KafkaPlugin.serving(channels)}, {@code RabbitMqPlugin.serving(channels)}) a setting
 * chooses each channel's connector ({@code org.jzenith.messaging.spi.ChannelChoice}).
 *
 * @param consumers classes whose {@code @Incoming} and producer methods run
 * @param emitters the channels with an {@code Emitter<T>}, and each payload type
 * @param streams the channels with a {@code @Channel} stream, and each payload type
 */
public record ChannelDeclarations(
        List<Class<?>> consumers, Map<String, Class<?>> emitters, Map<String, Class<?>> streams) {

    /** Copies the lists, so that the declarations stay as given. */
    public ChannelDeclarations {
        consumers = List.copyOf(consumers);
        emitters = Map.copyOf(emitters);
        streams = Map.copyOf(streams);
    }

    /** The classes {@code consumers}, nothing else yet. */
    public static ChannelDeclarations of(final Class<?>... consumers) {
        final List<Class<?>> all = new ArrayList<>();
        for (final Class<?> consumer : consumers) {
            all.add(Objects.requireNonNull(consumer, "consumer"));
        }
        return new ChannelDeclarations(all, Map.of(), Map.of());
    }

    /** These, with an emitter of {@code type} for {@code channel}; one type per channel. */
    public ChannelDeclarations withEmitter(final String channel, final Class<?> type) {
        return new ChannelDeclarations(
                consumers, with(emitters, channel, type, "An emitter", "orders", "an emitter"), streams);
    }

    /** These, with a stream of {@code type} for {@code channel}; one type per channel. */
    public ChannelDeclarations withStream(final String channel, final Class<?> type) {
        return new ChannelDeclarations(
                consumers, emitters, with(streams, channel, type, "A stream", "quotes", "a stream"));
    }

    /** Every channel named: consumed ({@link #consumed()}) or sent to ({@link #sent()}), sorted. */
    public Set<String> channels() {
        final TreeSet<String> all = new TreeSet<>(consumed());
        all.addAll(sent());
        return all;
    }

    /** The channels consumed: by an {@code @Incoming} method or into a stream, sorted. */
    public Set<String> consumed() {
        final TreeSet<String> consumed = new TreeSet<>(streams.keySet());
        for (final Class<?> consumer : consumers) {
            IncomingMethod.find(consumer, NativeParameters.NONE).forEach(found -> consumed.add(found.channel()));
        }
        return consumed;
    }

    /** The channels sent to: by an emitter, a producer method or a processor's results, sorted. */
    public Set<String> sent() {
        final TreeSet<String> sent = new TreeSet<>(emitters.keySet());
        for (final Class<?> consumer : consumers) {
            OutgoingMethod.find(consumer).forEach(found -> sent.add(found.channel()));
            IncomingMethod.find(consumer, NativeParameters.NONE)
                    .forEach(found -> found.outgoing().ifPresent(sent::add));
        }
        return sent;
    }

    /** For each processor ({@code @Incoming} and {@code @Outgoing}), the channel it consumes and the one it sends to. */
    public Map<String, String> processors() {
        final Map<String, String> processors = new LinkedHashMap<>();
        for (final Class<?> consumer : consumers) {
            IncomingMethod.find(consumer, NativeParameters.NONE)
                    .forEach(found -> found.outgoing().ifPresent(out -> processors.put(found.channel(), out)));
        }
        return processors;
    }

    /** These with only the emitters and streams of {@code channels}; the consumer classes stay, their methods filtered where they run. */
    public ChannelDeclarations only(final Set<String> channels) {
        final Map<String, Class<?>> keptEmitters = new LinkedHashMap<>(emitters);
        keptEmitters.keySet().retainAll(channels);
        final Map<String, Class<?>> keptStreams = new LinkedHashMap<>(streams);
        keptStreams.keySet().retainAll(channels);
        return new ChannelDeclarations(consumers, keptEmitters, keptStreams);
    }

    /** The emitters and streams, for the checks of {@code @Channel} injection points. */
    public UnsupportedMessaging.Declared declared() {
        return new UnsupportedMessaging.Declared(emitters, streams);
    }

    /** A stream for every declared stream channel, each subscriber buffering {@code buffer} for {@code patience}. */
    public Map<String, ChannelStream> newStreams(final int buffer, final Duration patience) {
        final Map<String, ChannelStream> made = new LinkedHashMap<>();
        streams.keySet().forEach(channel -> made.put(channel, new ChannelStream(channel, buffer, patience)));
        return Map.copyOf(made);
    }

    private static Map<String, Class<?>> with(
            final Map<String, Class<?>> declared,
            final String channel,
            final Class<?> type,
            final String what,
            final String example,
            final String kind) {
        Objects.requireNonNull(type, "type");
        if (Objects.requireNonNull(channel, "channel").isBlank()) {
            throw new IllegalArgumentException(what + " needs a channel name, such as \"" + example + "\"");
        }
        final Map<String, Class<?>> more = new LinkedHashMap<>(declared);
        final Class<?> previous = more.putIfAbsent(channel, type);
        if (previous != null && previous != type) {
            throw new IllegalArgumentException("The channel '" + channel + "' has " + kind + " of "
                    + previous.getSimpleName() + " already; one " + kind.substring(kind.indexOf(' ') + 1)
                    + " type per channel");
        }
        return more;
    }
}
