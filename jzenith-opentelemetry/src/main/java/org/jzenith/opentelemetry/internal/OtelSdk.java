package org.jzenith.opentelemetry.internal;

import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.core.configuration.ConfigurationProblem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Makes the SDK from the settings, by the SDK's own autoconfiguration. */
public final class OtelSdk {

    private static final Logger LOG = LoggerFactory.getLogger(OtelSdk.class);

    private OtelSdk() {}

    /**
     * The SDK, not registered as the global one (a process may run several applications, as tests
     * do) and without the SDK's shutdown hook: jZenith closes it, flushing its spans for at most the
     * shutdown timeout, when the application stops. Its exporter reports an outage in one WARN line
     * (see {@link ReportingSpanExporter}); start-up says in one INFO line where spans go.
     */
    public static TracingOpenTelemetry create(final OtelSettings settings) {
        ExporterLogs.silence();
        final AtomicReference<ExportTarget> target = new AtomicReference<>();
        final OpenTelemetrySdk sdk;
        try {
            sdk = AutoConfiguredOpenTelemetrySdk.builder()
                    .addPropertiesSupplier(settings::defaults)
                    .addPropertiesCustomizer(ignored -> settings.values())
                    // Called whenever traces are on, whatever the exporter: the resolved settings.
                    .addTracerProviderCustomizer((builder, config) -> {
                        final ExportTarget export = ExportTarget.of(config);
                        target.set(export);
                        return export.exportsNothing() ? builder.addSpanProcessor(new SpansWithoutExport()) : builder;
                    })
                    .addSpanExporterCustomizer(
                            (exporter, config) -> new ReportingSpanExporter(exporter, ExportTarget.of(config)))
                    .disableShutdownHook()
                    .build()
                    .getOpenTelemetrySdk();
        } catch (final io.opentelemetry.sdk.autoconfigure.spi.ConfigurationException e) {
            throw new ConfigurationException(List.of(new ConfigurationProblem(
                    "otel.*",
                    "OpenTelemetry",
                    settings.masked(e.getMessage()) + "; see the OTEL_* and otel.* settings")));
        }
        final ExportTarget made = target.get();
        if (made != null) {
            LOG.info("{}", made.describe());
        }
        return new TracingOpenTelemetry(sdk, settings.shutdownTimeout());
    }
}
