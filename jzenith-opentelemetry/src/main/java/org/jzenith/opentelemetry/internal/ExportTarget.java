package org.jzenith.opentelemetry.internal;

import io.opentelemetry.sdk.autoconfigure.spi.ConfigProperties;
import java.util.List;
import java.util.Optional;
import org.jzenith.core.configuration.Secrets;

/**
 * Where and how the SDK exports spans, as its autoconfiguration resolved the settings: what the
 * start-up line and the export warnings name.
 *
 * @param exporters the span exporters ({@code otlp}, or {@code none})
 * @param endpoint the URL the spans are sent to, as shown: {@code http://collector:4318/v1/traces}, a
 *     password in it masked
 * @param protocol {@code http/protobuf} or {@code grpc}
 * @param sampler the sampler, with its argument where it has one: {@code parentbased_traceidratio(0.05)}
 */
record ExportTarget(List<String> exporters, String endpoint, String protocol, String sampler) {

    private static final String TRACES_PATH = "/v1/traces";

    ExportTarget {
        exporters = List.copyOf(exporters);
        // Only shown (the start-up line, the export warnings): a password in it never is.
        endpoint = Secrets.maskUrl(endpoint);
    }

    /** The target the SDK's own rules give: the traces keys first, then the general ones, then its defaults. */
    static ExportTarget of(final ConfigProperties config) {
        final String protocol = first(config, "otel.exporter.otlp.traces.protocol", "otel.exporter.otlp.protocol")
                .orElse("grpc");
        final String endpoint = first(config, "otel.exporter.otlp.traces.endpoint")
                .or(() -> first(config, "otel.exporter.otlp.endpoint").map(base -> signalEndpoint(base, protocol)))
                .orElse(protocol.equals("grpc") ? "http://localhost:4317" : "http://localhost:4318" + TRACES_PATH);
        final String samplerName = first(config, "otel.traces.sampler").orElse("parentbased_always_on");
        final String sampler = first(config, "otel.traces.sampler.arg")
                .filter(arg -> samplerName.endsWith("traceidratio"))
                .map(arg -> samplerName + "(" + arg + ")")
                .orElse(samplerName);
        return new ExportTarget(config.getList("otel.traces.exporter", List.of("otlp")), endpoint, protocol, sampler);
    }

    /** Whether no exporter sends spans anywhere ({@code otel.traces.exporter=none}). */
    boolean exportsNothing() {
        return !exporters.contains("otlp");
    }

    /** The start-up line: what a reader needs to know that tracing is on and where its spans go. */
    String describe() {
        if (exportsNothing()) {
            return "Tracing is on, exporting spans nowhere (otel.traces.exporter=" + String.join(",", exporters)
                    + "), sampler " + sampler;
        }
        return "Tracing is on, exporting spans to " + endpoint + " over " + protocol + ", sampler " + sampler;
    }

    /** Over HTTP the general endpoint is a base the signal's path is added to; over gRPC it is the address. */
    private static String signalEndpoint(final String base, final String protocol) {
        if (protocol.equals("grpc")) {
            return base;
        }
        return (base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + TRACES_PATH;
    }

    private static Optional<String> first(final ConfigProperties config, final String... keys) {
        for (final String key : keys) {
            final String value = config.getString(key);
            if (value != null && !value.isBlank()) {
                return Optional.of(value.trim());
            }
        }
        return Optional.empty();
    }
}
