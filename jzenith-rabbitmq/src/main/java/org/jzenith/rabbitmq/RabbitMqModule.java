package org.jzenith.rabbitmq;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Map;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.messaging.consumer.FailedChannels;
import org.jzenith.messaging.emitter.ChannelEmitters;
import org.jzenith.messaging.emitter.ChannelFields;
import org.jzenith.messaging.spi.UnsupportedMessaging;
import org.jzenith.messaging.stream.ChannelStream;
import org.jzenith.messaging.stream.ChannelStreams;

/**
 * Binds what the RabbitMQ plugin offers: an {@code @Channel("name") Emitter<T>} for each emitter the
 * plugin was given, the consumer classes (made by Guice, so they inject services), the health check
 * and the meters.
 */
final class RabbitMqModule extends AbstractModule {

    private final RabbitMqClient client;
    private final UnsupportedMessaging.Declared declared;
    private final Map<String, ChannelStream> streams;
    private final List<Class<?>> consumers;
    private final java.util.Optional<UnsupportedMessaging.Declared> owned;

    /**
     * Binds the emitters and streams ({@code declared}, {@code streams}) of the channels the plugin
     * serves; where it owns the application's channels ({@code owned}: every emitter and stream
     * declared), also the {@code consumers} and the checks of {@code @Channel} members, which another
     * connector sharing the channels makes otherwise.
     */
    RabbitMqModule(
            final RabbitMqClient client,
            final UnsupportedMessaging.Declared declared,
            final Map<String, ChannelStream> streams,
            final List<Class<?>> consumers,
            final java.util.Optional<UnsupportedMessaging.Declared> owned) {
        this.client = client;
        this.declared = declared;
        this.streams = streams;
        this.consumers = consumers;
        this.owned = owned;
    }

    @Override
    protected void configure() {
        bind(RabbitMqClient.class).toInstance(client);
        bind(FailedChannels.class).in(Singleton.class);
        bind(RabbitMqHealthCheck.class).in(Singleton.class);
        HealthCheck.bind(binder()).to(RabbitMqHealthCheck.class);
        owned.ifPresent(all -> {
            consumers.forEach(consumer -> bind(consumer).in(Singleton.class));
            bindListener(
                    com.google.inject.matcher.Matchers.any(),
                    new ChannelFields(all, consumers, RabbitMqPlugin.REGISTRATION));
        });
        streams.forEach((channel, stream) ->
                ChannelStreams.bind(binder(), stream, declared.streams().get(channel)));
        declared.emitters()
                .forEach((channel, type) -> ChannelEmitters.bind(
                        binder(),
                        channel,
                        type,
                        made -> new RabbitMqOutbound(
                                ChannelSettings.of(channel, made.getInstance(RabbitMqConfiguration.class)),
                                made.getInstance(RabbitMqClient.class),
                                made.getInstance(RabbitMqMetrics.class).sent(channel),
                                made.getInstance(RabbitMqTracing.class),
                                RabbitMqPlugin.user(made.getInstance(RabbitMqConfiguration.class)))));
    }

    @Provides
    @Singleton
    RabbitMqMetrics metrics(final MeterRegistry registry) {
        return new RabbitMqMetrics(registry);
    }

    @Provides
    @Singleton
    RabbitMqTracing tracing(final OpenTelemetry openTelemetry) {
        return RabbitMqTracing.of(openTelemetry);
    }
}
