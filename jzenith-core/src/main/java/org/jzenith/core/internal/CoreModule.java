package org.jzenith.core.internal;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.Multibinder;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.smallrye.config.SmallRyeConfig;
import io.vertx.core.Vertx;
import java.util.List;
import org.jzenith.core.errors.ExceptionMapping;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.Lifecycle;
import org.jzenith.core.store.StoreUnavailableException;

/**
 * Binds what core provides to every application: Vert.x, the metrics registry, OpenTelemetry, the configuration
 * and each configuration mapping, and the (possibly empty) set of health checks.
 */
public final class CoreModule extends AbstractModule {

    private final Vertx vertx;
    private final PrometheusMeterRegistry registry;
    private final OpenTelemetry openTelemetry;
    private final SmallRyeConfig config;
    private final List<Class<?>> mappings;
    private final Closeables closeables;
    private final LifecycleState lifecycle;

    public CoreModule(
            final Vertx vertx,
            final PrometheusMeterRegistry registry,
            final OpenTelemetry openTelemetry,
            final SmallRyeConfig config,
            final List<Class<?>> mappings,
            final Closeables closeables,
            final LifecycleState lifecycle) {
        this.vertx = vertx;
        this.registry = registry;
        this.openTelemetry = openTelemetry;
        this.config = config;
        this.mappings = List.copyOf(mappings);
        this.closeables = closeables;
        this.lifecycle = lifecycle;
    }

    @Override
    protected void configure() {
        bind(Vertx.class).toInstance(vertx);
        bind(PrometheusMeterRegistry.class).toInstance(registry);
        bind(MeterRegistry.class).toInstance(registry);
        // The no-op one unless a tracing plugin made one: resources may start spans either way.
        bind(OpenTelemetry.class).toInstance(openTelemetry);
        bind(SmallRyeConfig.class).toInstance(config);
        // Read by the health checks: readiness is DOWN while starting and from the moment stopping begins.
        bind(Lifecycle.class).toInstance(lifecycle);
        mappings.forEach(this::bindMapping);
        // An application without checks still gets an (empty) set to inject.
        Multibinder.newSetBinder(binder(), HealthCheck.class);
        // Every store plugin's "not running" and "away" failures answer as one contract: 503.
        Multibinder.newSetBinder(binder(), ExceptionMapping.class)
                .addBinding()
                .toInstance(ExceptionMapping.unavailable(StoreUnavailableException.class));
        bindListener(Closeables.singletons(), closeables);
    }

    private <T> void bindMapping(final Class<T> mapping) {
        bind(mapping).toInstance(config.getConfigMapping(mapping));
    }
}
