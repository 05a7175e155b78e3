package org.jzenith.opentelemetry.internal;

import io.smallrye.config.SmallRyeConfig;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.jzenith.core.Validation;
import org.jzenith.core.configuration.Secrets;

/**
 * The {@code otel.*} settings of an application: checked before anything starts, then handed to the
 * SDK's autoconfiguration over its own reading of the environment, so that jZenith's order holds
 * (command line, environment, files).
 *
 * @param values every {@code otel.*} key the configuration has, with its value, less jZenith's own
 * @param defaults what jZenith chooses where the SDK's default does not fit it
 * @param shutdownTimeout how long stopping waits for the last spans to be exported
 */
public record OtelSettings(Map<String, String> values, Map<String, String> defaults, Duration shutdownTimeout) {

    private static final String PREFIX = "otel.";
    /** jZenith's own settings under {@code otel.}: read here, not handed to the SDK. */
    private static final String OWN_PREFIX = "otel.jzenith.";
    /**
     * How long stopping waits for the spans still held to be exported ({@code
     * OTEL_JZENITH_SHUTDOWN_TIMEOUT}). The SDK's own bound is its export timeout with retries
     * (seconds); a collector that is away must not hold a stop that long.
     */
    public static final String SHUTDOWN_TIMEOUT = "otel.jzenith.shutdown-timeout";
    /** A short wait: enough for a collector that answers, short against a stop's grace period. */
    public static final Duration DEFAULT_SHUTDOWN_TIMEOUT = Duration.ofSeconds(1);

    private static final List<String> BY_NAME =
            List.of("otel.sdk.disabled", "otel.exporter.otlp.headers", "otel.exporter.otlp.traces.headers");
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
    private static final Pattern DURATION = Pattern.compile("(\\d{1,12})(ms|s|m|h|d)?");

    public OtelSettings {
        values = Map.copyOf(values);
        defaults = Map.copyOf(defaults);
    }

    /** Settings with the default shutdown timeout. */
    public OtelSettings(final Map<String, String> values, final Map<String, String> defaults) {
        this(values, defaults, DEFAULT_SHUTDOWN_TIMEOUT);
    }

    public static OtelSettings read(final SmallRyeConfig config, final Optional<String> serviceName) {
        final Map<String, String> values = new HashMap<>();
        StreamSupport.stream(config.getPropertyNames().spliterator(), false)
                .filter(name -> name.startsWith(PREFIX) && !name.startsWith(OWN_PREFIX))
                .forEach(name -> config.getOptionalValue(name, String.class).ifPresent(v -> values.put(name, v)));
        // Read by name too: the environment's OTEL_SDK_DISABLED is listed under that name only
        // (and the headers, so that their values are known to mask).
        for (final String byName : BY_NAME) {
            config.getOptionalValue(byName, String.class).ifPresent(v -> values.put(byName, v));
        }
        final Map<String, String> defaults = new HashMap<>();
        // Micrometer serves metrics and the log backend writes logs: only traces go over OTLP.
        defaults.put("otel.metrics.exporter", "none");
        defaults.put("otel.logs.exporter", "none");
        // OTLP's recommended default, sent with the JDK's HTTP client: no other HTTP stack to carry.
        defaults.put("otel.exporter.otlp.protocol", "http/protobuf");
        serviceName.ifPresent(name -> defaults.put("otel.service.name", name));
        final Duration shutdownTimeout = config.getOptionalValue(SHUTDOWN_TIMEOUT, String.class)
                .map(OtelSettings::duration)
                .orElse(DEFAULT_SHUTDOWN_TIMEOUT);
        return new OtelSettings(values, defaults, shutdownTimeout);
    }

    /** A checked duration: milliseconds ({@code 500}) or with a unit ({@code 500ms}, {@code 1s}). */
    static Duration duration(final String value) {
        final Matcher matcher = DURATION.matcher(value.trim());
        if (!matcher.matches()) {
            throw new IllegalArgumentException("Not a duration: " + value);
        }
        final long amount = Long.parseLong(matcher.group(1));
        return switch (matcher.group(2) == null ? "ms" : matcher.group(2)) {
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            case "h" -> Duration.ofHours(amount);
            case "d" -> Duration.ofDays(amount);
            default -> Duration.ofMillis(amount);
        };
    }

    /**
     * {@code message} (the SDK's, which quotes the values it refuses) with the value of every secret
     * setting, such as {@code otel.exporter.otlp.headers}, masked, and every password inside a value
     * (an endpoint's {@code user:password@}) too.
     */
    public String masked(final String message) {
        String masked = message;
        for (final Map.Entry<String, String> setting : values.entrySet()) {
            if (Secrets.isSecret(setting.getKey()) && !setting.getValue().isEmpty()) {
                masked = masked.replace(setting.getValue(), Secrets.MASK);
            }
        }
        return Secrets.maskUrl(masked);
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
            headers(validation, base + "headers");
            validation.value(base + "timeout").ifPresent(value -> {
                if (!DURATION.matcher(value.trim()).matches()) {
                    validation.reject(base + "timeout", "a duration in milliseconds (10000) or with a unit (10s)");
                }
            });
        }
        validation.value(SHUTDOWN_TIMEOUT).ifPresent(value -> {
            if (!DURATION.matcher(value.trim()).matches()) {
                validation.reject(SHUTDOWN_TIMEOUT, "a duration in milliseconds (1000) or with a unit (1s, 500ms)");
            }
        });
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

    /** The SDK's form, {@code name=value,name=value}; the value is secret, so the problem masks it. */
    private static void headers(final Validation validation, final String key) {
        validation.value(key).ifPresent(value -> {
            final boolean pairs =
                    Arrays.stream(value.split(",")).map(String::trim).allMatch(pair -> pair.indexOf('=') > 0);
            if (!pairs) {
                validation.reject(key, "name=value pairs separated by commas, such as api-key=...");
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
