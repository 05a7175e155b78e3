package org.jzenith.messaging.inprocess;

import com.google.inject.AbstractModule;
import com.google.inject.Singleton;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.messaging.emitter.ChannelEmitters;
import org.jzenith.messaging.emitter.ChannelFields;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.UnsupportedMessaging;

/**
 * Binds the in-process channels' emitters and health check and, where this plugin owns the consumer
 * classes, those classes and their {@code @Channel} fields.
 */
final class InProcessModule extends AbstractModule {

    private final InProcessRuntime runtime;
    private final Map<String, Class<?>> emitters;
    private final List<Class<?>> consumers;
    private final Optional<UnsupportedMessaging.Declared> owned;

    InProcessModule(
            final InProcessRuntime runtime,
            final Map<String, Class<?>> emitters,
            final List<Class<?>> consumers,
            final Optional<UnsupportedMessaging.Declared> owned) {
        this.runtime = runtime;
        this.emitters = emitters;
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
        emitters.forEach((channel, type) -> {
            final Outbound outbound = runtime.outbound(channel);
            ChannelEmitters.bind(binder(), channel, type, injector -> outbound);
        });
    }
}
