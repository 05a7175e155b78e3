package org.jzenith.messaging.inprocess;

import com.google.inject.AbstractModule;
import com.google.inject.Singleton;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.messaging.emitter.ChannelEmitters;
import org.jzenith.messaging.emitter.ChannelFields;
import org.jzenith.messaging.emitter.EmitterFanOut;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.UnsupportedMessaging;
import org.jzenith.messaging.stream.ChannelStream;
import org.jzenith.messaging.stream.ChannelStreams;

/**
 * Binds the in-process channels' emitters (each checking its injection points' {@code @Broadcast}
 * against the channel's consumers), {@code @Channel} streams and health check and, where this plugin owns the consumer
 * classes, those classes and their {@code @Channel} fields.
 */
final class InProcessModule extends AbstractModule {

    private final InProcessRuntime runtime;
    private final Map<String, Class<?>> emitters;
    private final Map<String, List<String>> emitterConsumers;
    private final Map<String, ChannelStream> streams;
    private final Map<String, Class<?>> streamTypes;
    private final List<Class<?>> consumers;
    private final Optional<UnsupportedMessaging.Declared> owned;

    InProcessModule(
            final InProcessRuntime runtime,
            final Map<String, Class<?>> emitters,
            final Map<String, List<String>> emitterConsumers,
            final Map<String, ChannelStream> streams,
            final Map<String, Class<?>> streamTypes,
            final List<Class<?>> consumers,
            final Optional<UnsupportedMessaging.Declared> owned) {
        this.streams = Map.copyOf(streams);
        this.streamTypes = Map.copyOf(streamTypes);
        this.runtime = runtime;
        this.emitters = emitters;
        this.emitterConsumers = Map.copyOf(emitterConsumers);
        this.consumers = consumers;
        this.owned = owned;
    }

    @Override
    protected void configure() {
        HealthCheck.bind(binder())
                .toInstance(new InProcessHealthCheck(runtime.failed(), runtime::running, runtime::draining));
        owned.ifPresent(declared -> {
            consumers.forEach(consumer -> bind(consumer).in(Singleton.class));
            bindListener(
                    com.google.inject.matcher.Matchers.any(),
                    new ChannelFields(declared, consumers, InProcessRuntime.REGISTRATION));
        });
        streams.forEach((channel, stream) -> ChannelStreams.bind(binder(), stream, streamTypes.get(channel)));
        emitters.forEach((channel, type) -> {
            final Outbound outbound = runtime.outbound(channel);
            ChannelEmitters.bind(
                    binder(),
                    channel,
                    type,
                    injector -> outbound,
                    EmitterFanOut.inProcess(emitterConsumers.getOrDefault(channel, List.of())));
        });
    }
}
