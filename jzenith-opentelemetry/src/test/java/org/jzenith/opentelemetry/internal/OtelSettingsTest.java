package org.jzenith.opentelemetry.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.jzenith.core.Validation;

class OtelSettingsTest {

    /** A validation over plain values that keeps what was rejected. */
    private static final class Values implements Validation {
        private final Map<String, String> values;
        private final Map<String, String> rejected = new LinkedHashMap<>();

        Values(final Map<String, String> values) {
            this.values = new HashMap<>(values);
        }

        @Override
        public <T> Optional<T> configuration(final Class<T> mapping) {
            return Optional.empty();
        }

        @Override
        public java.util.List<org.jzenith.core.Plugin> plugins() {
            return java.util.List.of();
        }

        @Override
        public Optional<String> value(final String key) {
            return Optional.ofNullable(values.get(key));
        }

        @Override
        public void reject(final String key, final String expected) {
            rejected.put(key, expected);
        }

        @Override
        public void problem(final String subject, final String origin, final String message) {
            rejected.put(subject, message);
        }
    }

    private static Map<String, String> rejected(final Map<String, String> values) {
        final Values validation = new Values(values);
        OtelSettings.check(validation);
        return validation.rejected;
    }

    @Test
    void acceptsWhatTheSdkTakes() {
        assertThat(rejected(Map.of(
                        "otel.sdk.disabled", "false",
                        "otel.traces.exporter", "otlp",
                        "otel.propagators", "tracecontext, baggage",
                        "otel.exporter.otlp.protocol", "grpc",
                        "otel.exporter.otlp.traces.endpoint", "https://collector.example:4318/v1/traces",
                        "otel.exporter.otlp.timeout", "10s",
                        "otel.exporter.otlp.compression", "gzip",
                        "otel.traces.sampler", "parentbased_traceidratio",
                        "otel.traces.sampler.arg", "0.25")))
                .isEmpty();
    }

    @Test
    void rejectsEachValueItWouldRefuseWithWhatItTakes() {
        final Map<String, String> rejected = rejected(Map.of(
                "otel.sdk.disabled", "yes",
                "otel.traces.exporter", "otlp,zipkin",
                "otel.propagators", "b3",
                "otel.exporter.otlp.protocol", "http/json",
                "otel.exporter.otlp.endpoint", "collector:4318",
                "otel.exporter.otlp.traces.timeout", "ten seconds",
                "otel.traces.sampler", "parentbased_sometimes",
                "otel.traces.sampler.arg", "1.5"));

        assertThat(rejected)
                .containsOnlyKeys(
                        "otel.sdk.disabled",
                        "otel.traces.exporter",
                        "otel.propagators",
                        "otel.exporter.otlp.protocol",
                        "otel.exporter.otlp.endpoint",
                        "otel.exporter.otlp.traces.timeout",
                        "otel.traces.sampler",
                        "otel.traces.sampler.arg")
                .containsEntry("otel.exporter.otlp.protocol", "one of grpc, http/protobuf")
                .containsEntry("otel.traces.sampler.arg", "the share of traces to sample, from 0.0 to 1.0");
    }

    @Test
    void theShutdownTimeoutIsADurationAndStaysWithJzenith() {
        assertThat(rejected(Map.of(OtelSettings.SHUTDOWN_TIMEOUT, "500ms"))).isEmpty();
        assertThat(rejected(Map.of(OtelSettings.SHUTDOWN_TIMEOUT, "soon")))
                .containsOnlyKeys(OtelSettings.SHUTDOWN_TIMEOUT);
        assertThat(OtelSettings.duration("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(OtelSettings.duration("2s")).isEqualTo(Duration.ofSeconds(2));
        assertThat(OtelSettings.duration("750")).isEqualTo(Duration.ofMillis(750));
        assertThat(new OtelSettings(Map.of(), Map.of()).shutdownTimeout()).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void exporterHeadersAreNameValuePairsAndTheirValuesAreMaskedInTheSdksMessages() {
        assertThat(rejected(Map.of("otel.exporter.otlp.headers", "api-key=abc, x-tenant=t1")))
                .isEmpty();
        assertThat(rejected(Map.of("otel.exporter.otlp.traces.headers", "abc123")))
                .containsOnlyKeys("otel.exporter.otlp.traces.headers");
        final OtelSettings settings =
                new OtelSettings(Map.of("otel.exporter.otlp.headers", "api-key=s3cr3t"), Map.of());
        assertThat(settings.masked("Invalid map property: otel.exporter.otlp.headers=api-key=s3cr3t"))
                .doesNotContain("s3cr3t")
                .contains("otel.exporter.otlp.headers=****");
    }

    @Test
    void passwordsInsideValuesAreMaskedInTheSdksMessagesToo() {
        final OtelSettings settings = new OtelSettings(
                Map.of("otel.exporter.otlp.endpoint", "https://tracer:s3cr3t@collector:4318"), Map.of());

        assertThat(settings.masked("Invalid OTLP endpoint https://tracer:s3cr3t@collector:4318, no path"))
                .doesNotContain("s3cr3t")
                .contains("https://tracer:****@collector:4318");
    }

    @Test
    void theStartUpLineAndTheExportWarningsNeverShowAnEndpointsPassword() {
        final ExportTarget target = new ExportTarget(
                List.of("otlp"), "https://tracer:s3cr3t@collector:4318/v1/traces", "http/protobuf", "x");

        assertThat(target.describe()).doesNotContain("s3cr3t").contains("https://tracer:****@collector:4318/v1/traces");
        assertThat(target.endpoint()).doesNotContain("s3cr3t");
    }

    @Test
    void disabledOnlyWhenSaidSo() {
        assertThat(new OtelSettings(Map.of(), Map.of()).disabled()).isFalse();
        assertThat(new OtelSettings(Map.of("otel.sdk.disabled", "true"), Map.of()).disabled())
                .isTrue();
    }
}
