package org.jzenith.opentelemetry.internal;

import io.smallrye.config.SmallRyeConfig;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.jzenith.core.Validation;

/**
 * The {@code otel.*} settings of an application: checked before anything starts, then handed to the
 * SDK's autoconfiguration over its own reading of the environment, so that jZenith's order holds
 * (command line, environment, files).
 *
 * @param values every {@code otel.*} key the configuration has, with its value
 * @param defaults what jZenith chooses where the SDK's default does not fit it
 */
public record OtelSettings(Map<String, String> values, Map<String, String> defaults) {

    private static final String PREFIX = "otel.";
    private static final Set<String> EXPORTERS = Set.of("otlp", "none");
    private static final Set<String> PROTOCOLS = Set.of("grpc", "http/protobuf");
    private static final Set<String> SAMPLERS = Set.of(
            "always_on",
            "always_off",
            "traceidratio",
            "parentbased_always_on",
            "parentbased_always_off",
            "parentbased_traceidratio");
    private static final Set<String> PROPAGATORS = Set.of("tracecontext", "baggage", "none");
    private static final Set<String> COMPRESSIONS = Set.of("gzip", "none");
    private static final Pattern DURATION = Pattern.compile("\\d+(ms|s|m|h|d)?");

    public OtelSettings {
        values = Map.copyOf(values);
        defaults = Map.copyOf(defaults);
    }

    public static OtelSettings read(final SmallRyeConfig config, final Optional<String> serviceName) {
        final Map<String, String> values = new HashMap<>();
        StreamSupport.stream(config.getPropertyNames().spliterator(), false)
                .filter(name -> name.startsWith(PREFIX))
                .forEach(name -> config.getOptionalValue(name, String.class).ifPresent(v -> values.put(name, v)));
        // Read by name too: the environment's OTEL_SDK_DISABLED is listed under that name only.
        config.getOptionalValue("otel.sdk.disabled", String.class).ifPresent(v -> values.put("otel.sdk.disabled", v));
        final Map<String, String> defaults = new HashMap<>();
        // Micrometer serves metrics and the log backend writes logs: only traces go over OTLP.
        defaults.put("otel.metrics.exporter", "none");
        defaults.put("otel.logs.exporter", "none");
        // OTLP's recommended default, sent with the JDK's HTTP client: no other HTTP stack to carry.
        defaults.put("otel.exporter.otlp.protocol", "http/protobuf");
        serviceName.ifPresent(name -> defaults.put("otel.service.name", name));
        return new OtelSettings(values, defaults);
    }

    public boolean disabled() {
        return Boolean.parseBoolean(
                values.getOrDefault("otel.sdk.disabled", "false").trim());
    }

    /** Reports each value the SDK would refuse at start-up, or take for something else. */
    public static void check(final Validation validation) {
        oneOf(validation, "otel.sdk.disabled", Set.of("true", "false"));
        listOf(validation, "otel.traces.exporter", EXPORTERS, "otlp or none");
        listOf(validation, "otel.metrics.exporter", EXPORTERS, "otlp or none");
        listOf(validation, "otel.logs.exporter", EXPORTERS, "otlp or none");
        listOf(validation, "otel.propagators", PROPAGATORS, "a list of tracecontext, baggage or none");
        for (final String signal : new String[] {"", "traces."}) {
            final String base = "otel.exporter.otlp." + signal;
            oneOf(validation, base + "protocol", PROTOCOLS);
            oneOf(validation, base + "compression", COMPRESSIONS);
            url(validation, base + "endpoint");
            validation.value(base + "timeout").ifPresent(value -> {
                if (!DURATION.matcher(value.trim()).matches()) {
                    validation.reject(base + "timeout", "a duration in milliseconds (10000) or with a unit (10s)");
                }
            });
        }
        oneOf(validation, "otel.traces.sampler", SAMPLERS);
        validation.value("otel.traces.sampler.arg").ifPresent(value -> {
            if (!ratio(value)) {
                validation.reject("otel.traces.sampler.arg", "the share of traces to sample, from 0.0 to 1.0");
            }
        });
    }

    private static void oneOf(final Validation validation, final String key, final Set<String> allowed) {
        validation.value(key).ifPresent(value -> {
            if (!allowed.contains(value.trim())) {
                validation.reject(
                        key,
                        "one of " + String.join(", ", allowed.stream().sorted().toList()));
            }
        });
    }

    private static void listOf(
            final Validation validation, final String key, final Set<String> allowed, final String expected) {
        validation.value(key).ifPresent(value -> {
            if (!Arrays.stream(value.split(",")).map(String::trim).allMatch(allowed::contains)) {
                validation.reject(key, expected);
            }
        });
    }

    private static void url(final Validation validation, final String key) {
        validation.value(key).ifPresent(value -> {
            if (!httpUrl(value.trim())) {
                validation.reject(key, "an http or https URL such as http://collector:4318");
            }
        });
    }

    private static boolean httpUrl(final String value) {
        try {
            final URI uri = new URI(value);
            return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null;
        } catch (final URISyntaxException e) {
            return false;
        }
    }

    private static boolean ratio(final String value) {
        try {
            final double ratio = Double.parseDouble(value.trim());
            return ratio >= 0 && ratio <= 1;
        } catch (final NumberFormatException e) {
            return false;
        }
    }
}
