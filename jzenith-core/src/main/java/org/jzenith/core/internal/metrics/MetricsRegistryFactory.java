package org.jzenith.core.internal.metrics;

import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * Creates the application's one Prometheus registry, with JVM, GC, thread, class loader,
 * processor, file descriptor and uptime metrics bound to it.
 */
public final class MetricsRegistryFactory {

    private MetricsRegistryFactory() {}

    /**
     * A new registry. The GC metrics listen to JMX notifications, so the returned handle must be
     * closed when the application stops.
     */
    public static ApplicationMetrics create() {
        final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        new ClassLoaderMetrics().bindTo(registry);
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        final JvmGcMetrics gcMetrics = new JvmGcMetrics();
        gcMetrics.bindTo(registry);
        return new ApplicationMetrics(registry, gcMetrics);
    }

    /** The registry and what must be closed with it. */
    public record ApplicationMetrics(PrometheusMeterRegistry registry, JvmGcMetrics gcMetrics)
            implements AutoCloseable {

        @Override
        public void close() {
            gcMetrics.close();
            registry.close();
        }
    }
}
