package org.jzenith.kafka;

import com.google.inject.AbstractModule;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.Provider;
import com.google.inject.util.Types;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import jakarta.inject.Singleton;
import java.util.Map;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.messaging.spi.ChannelLiteral;

/**
 * Binds what the Kafka plugin offers: an {@code @Channel("name") Emitter<T>} for each emitter the
 * plugin was given, the consumer classes (made by Guice, so they inject services), the health check
 * and the meters.
 */
final class KafkaModule extends AbstractModule {

    private final KafkaClients clients;
    private final Map<String, Class<?>> emitters;
    private final java.util.List<Class<?>> consumers;

    KafkaModule(
            final KafkaClients clients,
            final Map<String, Class<?>> emitters,
            final java.util.List<Class<?>> consumers) {
        this.clients = clients;
        this.emitters = emitters;
        this.consumers = consumers;
    }

    @Override
    protected void configure() {
        bind(KafkaClients.class).toInstance(clients);
        bind(FailedChannels.class).in(Singleton.class);
        bind(KafkaHealthCheck.class).in(Singleton.class);
        HealthCheck.bind(binder()).to(KafkaHealthCheck.class);
        consumers.forEach(consumer -> bind(consumer).in(Singleton.class));
        bindListener(com.google.inject.matcher.Matchers.any(), new ChannelFields(emitters, consumers));
        emitters.forEach(this::bindEmitter);
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

    @SuppressWarnings("unchecked")
    private void bindEmitter(final String channel, final Class<?> type) {
        final Key<Emitter<Object>> key = (Key<Emitter<Object>>)
                Key.get(Types.newParameterizedType(Emitter.class, type), new ChannelLiteral(channel));
        final Provider<Injector> injector = getProvider(Injector.class);
        bind(key).toProvider(new EmitterProvider(channel, type, injector)).in(Singleton.class);
    }

    /** Makes a channel's emitter when first injected, with the application's JSON mapper. */
    private record EmitterProvider(String channel, Class<?> type, Provider<Injector> injector)
            implements Provider<Emitter<Object>> {

        @Override
        public Emitter<Object> get() {
            final Injector made = injector.get();
            final ChannelSettings settings = ChannelSettings.of(channel, made.getInstance(KafkaConfiguration.class));
            return new KafkaEmitter<>(
                    channel,
                    settings.topic(),
                    Payload.of(type, Json.of(made)).orElseThrow(),
                    made.getInstance(KafkaClients.class),
                    made.getInstance(KafkaMetrics.class).sent(channel),
                    made.getInstance(KafkaTracing.class));
        }
    }
}
