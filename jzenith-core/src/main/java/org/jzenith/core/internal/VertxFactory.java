package org.jzenith.core.internal;

import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.micrometer.MetricsDomain;
import io.vertx.micrometer.MicrometerMetricsFactory;
import io.vertx.micrometer.MicrometerMetricsOptions;
import org.jzenith.core.configuration.CoreConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Creates the application's one Vert.x instance. */
public final class VertxFactory {

    private static final Logger LOG = LoggerFactory.getLogger(VertxFactory.class);

    private VertxFactory() {}

    /**
     * A Vert.x with one event loop per available processor (the JVM's count is container-aware),
     * the native transport where the platform has it, and metrics in {@code registry}.
     */
    public static Vertx create(final CoreConfiguration configuration, final MeterRegistry registry) {
        final int eventLoops =
                configuration.eventLoops().orElse(Runtime.getRuntime().availableProcessors());
        // HTTP server metrics are recorded by the REST plugin, tagged by route template; Vert.x's
        // own would tag by raw path and cost an allocation per request.
        final MicrometerMetricsOptions metrics = new MicrometerMetricsOptions()
                .setEnabled(true)
                .setJvmMetricsEnabled(false)
                .addDisabledMetricsCategory(MetricsDomain.HTTP_SERVER)
                // Raw TCP client gauges carry no client name, so a second client (PostgreSQL beside
                // Redis, or the pipelined beside the pooled) collides; pool and SQL meters remain.
                .addDisabledMetricsCategory(MetricsDomain.NET_CLIENT)
                // Vert.x registers its Redis gauge again for every pooled connection, which Micrometer
                // warns about; the Redis plugin records the same meters itself, once.
                .addDisabledMetricsCategory("redis");
        final VertxOptions options = new VertxOptions()
                .setEventLoopPoolSize(eventLoops)
                .setPreferNativeTransport(configuration.nativeTransport())
                .setMetricsOptions(metrics);
        final Vertx vertx = Vertx.builder()
                .with(options)
                .withMetrics(new MicrometerMetricsFactory(registry))
                .build();
        if (configuration.nativeTransport() && !vertx.isNativeTransportEnabled()) {
            LOG.info(
                    "Native transport unavailable, using NIO: {}",
                    String.valueOf(vertx.unavailableNativeTransportCause()));
        }
        return vertx;
    }
}
