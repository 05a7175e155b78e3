package org.jzenith.opentelemetry.internal;

import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import java.util.List;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.core.configuration.ConfigurationProblem;

/** Makes the SDK from the settings, by the SDK's own autoconfiguration. */
public final class OtelSdk {

    private OtelSdk() {}

    /**
     * The SDK, not registered as the global one (a process may run several applications, as tests
     * do) and without the SDK's shutdown hook: jZenith closes it, flushing its spans, when the
     * application stops.
     */
    public static OpenTelemetrySdk create(final OtelSettings settings) {
        try {
            return AutoConfiguredOpenTelemetrySdk.builder()
                    .addPropertiesSupplier(settings::defaults)
                    .addPropertiesCustomizer(ignored -> settings.values())
                    .disableShutdownHook()
                    .build()
                    .getOpenTelemetrySdk();
        } catch (final io.opentelemetry.sdk.autoconfigure.spi.ConfigurationException e) {
            throw new ConfigurationException(List.of(new ConfigurationProblem(
                    "otel.*", "OpenTelemetry", e.getMessage() + "; see the OTEL_* and otel.* settings")));
        }
    }
}
