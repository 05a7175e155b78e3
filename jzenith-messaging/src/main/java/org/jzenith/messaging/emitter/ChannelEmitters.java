package org.jzenith.messaging.emitter;

import com.google.inject.Binder;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.Provider;
import com.google.inject.Singleton;
import com.google.inject.util.Types;
import java.util.function.Function;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.jzenith.messaging.consumer.Json;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.Payload;

/**
 * Binds {@code @Channel("name") Emitter<T>} for a connector's channel: a {@link ChannelEmitter} made
 * when first injected, writing payloads with the application's JSON mapper and sending through the
 * {@link Outbound} the connector makes for the channel.
 *
 * <pre>{@code
 * ChannelEmitters.bind(binder(), "orders", Order.class, injector -> injector.getInstance(KafkaOutbounds.class).of("orders"));
 * }</pre>
 */
public final class ChannelEmitters {

    private ChannelEmitters() {}

    /** Binds the emitter of {@code channel} for payloads of {@code type}, sending through {@code outbound}. */
    @SuppressWarnings("unchecked")
    public static void bind(
            final Binder binder,
            final String channel,
            final Class<?> type,
            final Function<Injector, Outbound> outbound) {
        final Key<Emitter<Object>> key = (Key<Emitter<Object>>)
                Key.get(Types.newParameterizedType(Emitter.class, type), new ChannelLiteral(channel));
        final Provider<Injector> injector = binder.getProvider(Injector.class);
        binder.bind(key)
                .toProvider(new EmitterProvider(channel, type, injector, outbound))
                .in(Singleton.class);
    }

    /** Makes a channel's emitter when first injected, with the application's JSON mapper. */
    private record EmitterProvider(
            String channel, Class<?> type, Provider<Injector> injector, Function<Injector, Outbound> outbound)
            implements Provider<Emitter<Object>> {

        @Override
        public Emitter<Object> get() {
            final Injector made = injector.get();
            return new ChannelEmitter<>(channel, Payload.of(type, Json.of(made)).orElseThrow(), outbound.apply(made));
        }
    }
}
