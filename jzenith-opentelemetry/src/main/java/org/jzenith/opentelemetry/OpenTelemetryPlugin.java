package org.jzenith.opentelemetry;

import io.opentelemetry.api.OpenTelemetry;
import io.smallrye.config.SmallRyeConfig;
import java.util.List;
import java.util.Optional;
import org.jzenith.core.Plugin;
import org.jzenith.core.Validation;
import org.jzenith.opentelemetry.internal.OtelSdk;
import org.jzenith.opentelemetry.internal.OtelSettings;

/**
 * Traces over OTLP with the OpenTelemetry SDK: a server span for every request, named by its method
 * and route template, with a child span for every PostgreSQL, JDBC and Redis statement it makes,
 * the caller's W3C {@code traceparent} continued, and the trace id in each log line written while
 * serving it (MDC keys {@code trace_id} and {@code span_id}).
 *
 * <pre>{@code
 * JZenith.application(args)
 *        .withPlugins(RestPlugin.withResources(OrderResource.class), OpenTelemetryPlugin.forService("orders"))
 *        .run();
 * }</pre>
 *
 * <p>Configured as every OpenTelemetry SDK is, by {@code OTEL_*} environment variables or the same
 * settings as {@code otel.*} keys in jZenith's configuration (the command line, then the
 * environment, then the files): {@code OTEL_EXPORTER_OTLP_ENDPOINT}, {@code
 * OTEL_EXPORTER_OTLP_PROTOCOL} ({@code http/protobuf}, the default here, or {@code grpc}), {@code
 * OTEL_SERVICE_NAME}, {@code OTEL_TRACES_SAMPLER} and its argument. {@code otel.sdk.disabled=true}
 * turns tracing off: then no SDK is made, Vert.x has no tracer, and requests pay nothing for it.
 * Only traces are exported; metrics stay with Micrometer's {@code /metrics}.
 *
 * <p>Start-up logs one line saying where spans go (endpoint, protocol, sampler). A collector that
 * cannot be reached or refuses spans is one WARN line naming the endpoint, and its recovery one INFO
 * line; the SDK's own failure log is silenced. Stopping waits at most {@code
 * otel.jzenith.shutdown-timeout} ({@code OTEL_JZENITH_SHUTDOWN_TIMEOUT}; milliseconds or with a unit
 * such as {@code 500ms}, {@code 2s}; 1s by default) for the last spans to be exported, then drops
 * what is left.
 *
 * <p>Resources start their own spans with the injected {@link OpenTelemetry}; the request's span is
 * their parent, on the event loop and on virtual threads alike.
 */
public final class OpenTelemetryPlugin implements Plugin {

    private final Optional<String> serviceName;

    private OpenTelemetryPlugin(final Optional<String> serviceName) {
        this.serviceName = serviceName;
    }

    /** Tracing named by {@code OTEL_SERVICE_NAME} (or {@code otel.service.name}). */
    public static OpenTelemetryPlugin create() {
        return new OpenTelemetryPlugin(Optional.empty());
    }

    /** Tracing as the service {@code name}, unless {@code OTEL_SERVICE_NAME} names it otherwise. */
    public static OpenTelemetryPlugin forService(final String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("A service name is needed, such as \"orders\"");
        }
        return new OpenTelemetryPlugin(Optional.of(name));
    }

    @Override
    public String name() {
        return "opentelemetry";
    }

    /** The SDK's own settings, read by its autoconfiguration; checked here in {@link #validate}. */
    @Override
    public List<String> configurationNamespaces() {
        return List.of("otel.");
    }

    /** jZenith's own {@code otel.jzenith.*} keys, so that a misspelt one is reported as unknown. */
    @Override
    public List<Class<?>> configurationMappings() {
        return List.of(OpenTelemetryConfiguration.class);
    }

    /** Reports {@code otel.*} values the SDK would refuse, each with what it takes. */
    @Override
    public void validate(final Validation validation) {
        OtelSettings.check(validation);
    }

    @Override
    public Optional<OpenTelemetry> openTelemetry(final SmallRyeConfig config) {
        final OtelSettings settings = OtelSettings.read(config, serviceName);
        return settings.disabled() ? Optional.empty() : Optional.of(OtelSdk.create(settings));
    }
}
