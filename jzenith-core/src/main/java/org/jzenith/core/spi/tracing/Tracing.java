package org.jzenith.core.spi.tracing;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.TracerProvider;

/** Whether an application traces: the one place plugins ask, so that they all agree. */
public final class Tracing {

    private Tracing() {}

    /**
     * Whether {@code openTelemetry} is a tracing plugin's, not the no-op one core binds without one;
     * plugins that are not asked to trace skip their tracing work altogether.
     */
    public static boolean enabled(final OpenTelemetry openTelemetry) {
        return openTelemetry.getTracerProvider() != TracerProvider.noop();
    }
}
