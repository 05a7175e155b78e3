package org.jzenith.kafka;

import com.google.inject.AbstractModule;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import jakarta.inject.Singleton;
import java.util.Map;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.messaging.consumer.FailedChannels;
import org.jzenith.messaging.emitter.ChannelEmitters;
import org.jzenith.messaging.emitter.ChannelFields;
import org.jzenith.messaging.spi.UnsupportedMessaging;
import org.jzenith.messaging.stream.ChannelStream;
import org.jzenith.messaging.stream.ChannelStreams;

/**
 * Binds what the Kafka plugin offers: an {@code @Channel("name") Emitter<T>} for each emitter the
 * plugin was given, the {@code @Channel} streams it declares, the consumer classes (made by Guice, so they inject services), the health check
 * and the meters.
 */
final class KafkaModule extends AbstractModule {

    private final KafkaClients clients;
    private final Map<String, Class<?>> emitters;
    private final Map<String, ChannelStream> streams;
    private final Map<String, Class<?>> streamTypes;
    private final java.util.List<Class<?>> consumers;
    private final java.util.Optional<UnsupportedMessaging.Declared> owned;

    /**
     * Binds the {@code emitters} and {@code streams} of the channels the plugin serves; where it owns
     * the application's channels ({@code owned}: every emitter and stream declared), also the {@code
     * consumers} and the checks of {@code @Channel} members, which another connector sharing the
     * channels makes otherwise.
     */
    KafkaModule(
            final KafkaClients clients,
            final Map<String, Class<?>> emitters,
            final Map<String, ChannelStream> streams,
            final Map<String, Class<?>> streamTypes,
            final java.util.List<Class<?>> consumers,
            final java.util.Optional<UnsupportedMessaging.Declared> owned) {
        this.clients = clients;
        this.emitters = emitters;
        this.streams = streams;
        this.streamTypes = streamTypes;
        this.consumers = consumers;
        this.owned = owned;
    }

    @Override
    protected void configure() {
        bind(KafkaClients.class).toInstance(clients);
        bind(FailedChannels.class).in(Singleton.class);
        bind(KafkaHealthCheck.class).in(Singleton.class);
        HealthCheck.bind(binder()).to(KafkaHealthCheck.class);
        owned.ifPresent(declared -> {
            consumers.forEach(consumer -> bind(consumer).in(Singleton.class));
            bindListener(
                    com.google.inject.matcher.Matchers.any(),
                    new ChannelFields(declared, consumers, KafkaPlugin.REGISTRATION));
        });
        emitters.forEach(this::bindEmitter);
        streams.forEach((channel, stream) -> ChannelStreams.bind(binder(), stream, streamTypes.get(channel)));
    }

    @com.google.inject.Provides
    @Singleton
    KafkaMetrics metrics(final MeterRegistry registry) {
        return new KafkaMetrics(registry);
    }

    @com.google.inject.Provides
    @Singleton
    KafkaTracing tracing(final OpenTelemetry openTelemetry) {
        return KafkaTracing.of(openTelemetry);
    }

    private void bindEmitter(final String channel, final Class<?> type) {
        ChannelEmitters.bind(
                binder(),
                channel,
                type,
                made -> new KafkaOutbound(
                        channel,
                        ChannelSettings.of(channel, made.getInstance(KafkaConfiguration.class))
                                .topic(),
                        made.getInstance(KafkaClients.class),
                        made.getInstance(KafkaMetrics.class).sent(channel),
                        made.getInstance(KafkaTracing.class)));
    }
}
