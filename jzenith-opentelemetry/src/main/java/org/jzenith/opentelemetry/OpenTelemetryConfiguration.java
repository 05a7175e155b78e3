package org.jzenith.opentelemetry;

import io.smallrye.config.ConfigMapping;
import java.util.Optional;

/**
 * jZenith's own tracing settings, beside the SDK's {@code otel.*} ones. Declared as a mapping so that
 * a misspelt key under {@code otel.jzenith.} is reported at start-up with the key it was meant to be,
 * instead of being passed to the SDK, which ignores it.
 *
 * <pre>{@code
 * --otel.jzenith.shutdown-timeout=500ms
 * }</pre>
 */
@ConfigMapping(prefix = "otel.jzenith")
public interface OpenTelemetryConfiguration {

    /**
     * How long stopping waits for the last spans to be exported: milliseconds ({@code 500}) or with a
     * unit ({@code 500ms}, {@code 2s}); 1s when not set. Checked when the plugin validates its
     * settings.
     */
    Optional<String> shutdownTimeout();
}
