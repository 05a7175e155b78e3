package org.jzenith.messaging.emitter;

import com.google.inject.Binder;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.Provider;
import com.google.inject.Singleton;
import com.google.inject.util.Types;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.smallrye.reactive.messaging.MutinyEmitter;
import java.util.function.Function;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.jzenith.messaging.consumer.Json;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.Payload;

/**
 * Binds {@code @Channel("name") Emitter<T>} for a connector's channel: a {@link ChannelEmitter} made
 * when first injected, writing payloads with the application's JSON mapper and sending through the
 * {@link Outbound} the connector makes for the channel; and, where the application has Mutiny, {@code
 * @Channel("name") MutinyEmitter<T>}, the same emitter seen through Mutiny ({@link ChannelMutinyEmitter}).
 *
 * <pre>{@code
 * ChannelEmitters.bind(binder(), "orders", Order.class, injector -> injector.getInstance(KafkaOutbounds.class).of("orders"));
 * }</pre>
 */
public final class ChannelEmitters {

    private static final boolean MUTINY = mutiny();

    private ChannelEmitters() {}

    /**
     * Binds the emitter of a broker's {@code channel} for payloads of {@code type}, sending through {@code
     * outbound}; {@code @Broadcast} on its injection points is refused.
     */
    public static void bind(
            final Binder binder,
            final String channel,
            final Class<?> type,
            final Function<Injector, Outbound> outbound) {
        bind(binder, channel, type, outbound, EmitterFanOut.BROKER);
    }

    /**
     * Binds the emitter of {@code channel} for payloads of {@code type}, sending through {@code outbound},
     * its injection points checked for {@code @Broadcast} by {@code fanOut} at start-up.
     */
    @SuppressWarnings("unchecked")
    public static void bind(
            final Binder binder,
            final String channel,
            final Class<?> type,
            final Function<Injector, Outbound> outbound,
            final EmitterFanOut fanOut) {
        binder.bindListener(com.google.inject.matcher.Matchers.any(), new EmitterBroadcasts(channel, fanOut));
        final Key<Emitter<Object>> key = (Key<Emitter<Object>>)
                Key.get(Types.newParameterizedType(Emitter.class, type), new ChannelLiteral(channel));
        final Provider<Injector> injector = binder.getProvider(Injector.class);
        binder.bind(key)
                .toProvider(new EmitterProvider(channel, type, injector, outbound))
                .in(Singleton.class);
        if (MUTINY) {
            final Key<MutinyEmitter<Object>> mutiny = (Key<MutinyEmitter<Object>>)
                    Key.get(Types.newParameterizedType(MutinyEmitter.class, type), new ChannelLiteral(channel));
            final Provider<Emitter<Object>> emitter = binder.getProvider(key);
            binder.bind(mutiny)
                    .toProvider(() -> new ChannelMutinyEmitter<>(channel, emitter.get()))
                    .in(Singleton.class);
        }
    }

    /** Whether the application has Mutiny, which {@code MutinyEmitter}'s methods return; optional to jZenith. */
    private static boolean mutiny() {
        try {
            Class.forName("io.smallrye.mutiny.Uni", false, ChannelEmitters.class.getClassLoader());
            return true;
        } catch (final ClassNotFoundException e) {
            return false;
        }
    }

    /** Makes a channel's emitter when first injected, with the application's JSON mapper. */
    private record EmitterProvider(
            String channel, Class<?> type, Provider<Injector> injector, Function<Injector, Outbound> outbound)
            implements Provider<Emitter<Object>> {

        @Override
        public Emitter<Object> get() {
            final Injector made = injector.get();
            return new ChannelEmitter<>(
                    channel, Payload.of(type, Json.of(made)).orElseThrow(), outbound.apply(made), dropped(made));
        }

        /** Counts what an {@code @OnOverflow(DROP)} drops, in the application's registry when it has one. */
        private Counter dropped(final Injector made) {
            final Counter.Builder counter = Counter.builder("messaging_emitter_dropped_total")
                    .description("Messages an emitter dropped under @OnOverflow(DROP), its bound of unconfirmed"
                            + " sends reached")
                    .tag("channel", channel);
            final com.google.inject.Binding<MeterRegistry> registry =
                    made.getExistingBinding(Key.get(MeterRegistry.class));
            return counter.register(
                    registry == null
                            ? new SimpleMeterRegistry()
                            : registry.getProvider().get());
        }
    }
}
