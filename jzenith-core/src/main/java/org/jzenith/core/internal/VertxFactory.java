package org.jzenith.core.internal;

import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.vertx.core.Vertx;
import io.vertx.core.VertxBuilder;
import io.vertx.core.VertxOptions;
import io.vertx.core.tracing.TracingOptions;
import io.vertx.micrometer.Label;
import io.vertx.micrometer.MetricsDomain;
import io.vertx.micrometer.MicrometerMetricsFactory;
import io.vertx.micrometer.MicrometerMetricsOptions;
import java.util.Optional;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.internal.tracing.VertxTracing;
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
        return create(configuration, registry, Optional.empty());
    }

    /**
     * As {@link #create(CoreConfiguration, MeterRegistry)}, tracing through {@code openTelemetry}
     * when given: its servers and clients then start spans. Without it Vert.x has no tracer and
     * pays nothing for tracing.
     */
    public static Vertx create(
            final CoreConfiguration configuration,
            final MeterRegistry registry,
            final Optional<OpenTelemetry> openTelemetry) {
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
                .addDisabledMetricsCategory("redis")
                // Client meters (vertx_sql_*) tagged by the client's metrics name, so that two
                // clients of one kind (PostgreSQL's pool and pipelined client) keep their own figures.
                .addLabels(Label.NAMESPACE);
        final VertxOptions options = new VertxOptions()
                .setEventLoopPoolSize(eventLoops)
                .setPreferNativeTransport(configuration.nativeTransport())
                .setMetricsOptions(metrics);
        final VertxBuilder builder = Vertx.builder().withMetrics(new MicrometerMetricsFactory(registry));
        if (openTelemetry.isPresent()) {
            final VertxTracing tracer = new VertxTracing(openTelemetry.get());
            options.setTracingOptions(new TracingOptions());
            builder.withTracer(ignored -> tracer);
        }
        final Vertx vertx = builder.with(options).build();
        vertx.exceptionHandler(new UnhandledFailures());
        if (configuration.nativeTransport() && !vertx.isNativeTransportEnabled()) {
            LOG.info(
                    "Native transport unavailable, using NIO: {}",
                    String.valueOf(vertx.unavailableNativeTransportCause()));
        }
        return vertx;
    }
}
