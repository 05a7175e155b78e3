package org.jzenith.opentelemetry.internal;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.logs.LoggerProvider;
import io.opentelemetry.api.metrics.MeterProvider;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SDK as the application sees it, closed with a bound: {@link #close()} waits at most the
 * shutdown timeout for the last spans to be exported. The SDK's own close waits for its export
 * with retries (seconds against a collector that is away), which would hold a stop that long.
 *
 * <p>Thread-safe, as the SDK is.
 */
public final class TracingOpenTelemetry implements OpenTelemetry, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(TracingOpenTelemetry.class);

    private final OpenTelemetrySdk sdk;
    private final Duration shutdownTimeout;

    TracingOpenTelemetry(final OpenTelemetrySdk sdk, final Duration shutdownTimeout) {
        this.sdk = sdk;
        this.shutdownTimeout = shutdownTimeout;
    }

    @Override
    public TracerProvider getTracerProvider() {
        return sdk.getTracerProvider();
    }

    @Override
    public MeterProvider getMeterProvider() {
        return sdk.getMeterProvider();
    }

    @Override
    public LoggerProvider getLogsBridge() {
        return sdk.getLogsBridge();
    }

    @Override
    public ContextPropagators getPropagators() {
        return sdk.getPropagators();
    }

    /**
     * Flushes the spans held and shuts the SDK down, waiting at most the shutdown timeout; what is
     * not exported by then is dropped, and the SDK's threads finish on their own.
     */
    @Override
    public void close() {
        final CompletableResultCode shutdown = sdk.shutdown();
        shutdown.join(shutdownTimeout.toMillis(), TimeUnit.MILLISECONDS);
        if (!shutdown.isDone()) {
            LOG.info(
                    "Tracing stopped without waiting longer than {} ms ({}) for its last spans to be exported",
                    shutdownTimeout.toMillis(),
                    OtelSettings.SHUTDOWN_TIMEOUT);
        }
    }

    @Override
    public String toString() {
        return sdk.toString();
    }
}
