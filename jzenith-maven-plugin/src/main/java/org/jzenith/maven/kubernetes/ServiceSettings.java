package org.jzenith.maven.kubernetes;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jzenith.core.configuration.Secrets;

/**
 * The settings of a service that its manifest depends on, read the way the service reads them: its
 * {@code jzenith.properties}, then the settings the manifest gives the pod (which win, as the
 * environment does in the service), with {@code %PROFILE.key} applying while {@code
 * jzenith.profile} names that profile. Defaults are the service's own ({@code CoreConfiguration},
 * {@code RestConfiguration}, {@code ManagementConfiguration}).
 *
 * @param restPort {@code rest.port}, the API's port (8080)
 * @param managementPort {@code management.port}: the health routes answer there when it is set
 * @param tls whether {@code rest.port} speaks HTTPS ({@code rest.tls.certificate} or {@code key-store})
 * @param preStopDelay {@code jzenith.shutdown.pre-stop-delay}; unset, the service takes 5 s in a pod
 * @param shutdownTimeout {@code jzenith.shutdown-timeout} (10 s): in-flight requests finish within it
 * @param startTimeout {@code jzenith.start-timeout} (60 s): how long a plugin may take to start
 * @param uploadsDirectory {@code rest.uploads-directory}; unset, uploads go to the JVM's temp folder
 */
public record ServiceSettings(
        int restPort,
        OptionalInt managementPort,
        boolean tls,
        Optional<Duration> preStopDelay,
        Duration shutdownTimeout,
        Duration startTimeout,
        Optional<String> uploadsDirectory) {

    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "localhost", "::1", "[::1]");
    private static final Pattern SHORT_DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)?");

    /**
     * The settings in {@code properties} (the service's {@code jzenith.properties}) overridden by
     * {@code overrides}.
     *
     * @throws IllegalArgumentException naming every value that cannot be read, and how to fix it
     */
    public static ServiceSettings read(final Map<String, String> properties, final Map<String, String> overrides) {
        final Optional<String> profile = Optional.ofNullable(overrides.get("jzenith.profile"))
                .or(() -> Optional.ofNullable(properties.get("jzenith.profile")))
                .map(String::trim)
                .filter(p -> !p.isEmpty());
        // Highest first, as the service ranks its environment above its jzenith.properties.
        final Lookup lookup = new Lookup(List.of(overrides, properties), profile);
        final ServiceSettings settings = new ServiceSettings(
                lookup.port("rest.port").orElse(8080),
                lookup.port("management.port"),
                lookup.value("rest.tls.certificate").isPresent()
                        || lookup.value("rest.tls.key-store").isPresent(),
                lookup.duration("jzenith.shutdown.pre-stop-delay"),
                lookup.duration("jzenith.shutdown-timeout").orElse(Duration.ofSeconds(10)),
                lookup.duration("jzenith.start-timeout").orElse(Duration.ofSeconds(60)),
                lookup.value("rest.uploads-directory"));
        // The kubelet probes the pod's address, and the Service sends there: a loopback listener
        // would never become ready. (A host set in code, withConfiguration, is not visible here;
        // rest.host in <podSettings> overrides it, as the environment does.)
        lookup.reachable("rest.host");
        lookup.reachable("management.host");
        if (!lookup.problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", lookup.problems));
        }
        return settings;
    }

    /**
     * Reads values and collects every problem, so that one message names them all; a value is shown
     * as the service would show it, a password inside it masked.
     */
    private static final class Lookup {

        private final List<Map<String, String>> sources;
        private final Optional<String> profile;
        private final List<String> problems = new ArrayList<>();

        Lookup(final List<Map<String, String>> sources, final Optional<String> profile) {
            this.sources = sources;
            this.profile = profile;
        }

        Optional<String> value(final String key) {
            // Within a source, %PROFILE.key wins over key; a higher source wins over both.
            return sources.stream()
                    .map(values -> profile.map(p -> values.get("%" + p + "." + key))
                            .or(() -> Optional.ofNullable(values.get(key))))
                    .flatMap(Optional::stream)
                    .findFirst()
                    .map(String::trim)
                    .filter(value -> !value.isEmpty());
        }

        void reachable(final String key) {
            value(key)
                    .filter(LOOPBACK::contains)
                    .ifPresent(host -> problems.add(key + "=" + Secrets.display(key, host)
                            + " listens on loopback, where neither the"
                            + " kubelet's probes nor the Service reach it: set " + key + "=0.0.0.0 in <podSettings>"));
        }

        OptionalInt port(final String key) {
            final Optional<String> value = value(key);
            if (value.isEmpty()) {
                return OptionalInt.empty();
            }
            try {
                final int port = Integer.parseInt(value.get());
                if (port >= 1 && port <= 65535) {
                    return OptionalInt.of(port);
                }
            } catch (final NumberFormatException e) {
                // reported below
            }
            problems.add(key + "=" + Secrets.display(key, value.get())
                    + " is not a port a pod can publish: give a fixed port"
                    + " from 1 to 65535 (0, a free port, cannot be probed)");
            return OptionalInt.empty();
        }

        Optional<Duration> duration(final String key) {
            final Optional<String> value = value(key);
            if (value.isEmpty()) {
                return Optional.empty();
            }
            final Matcher matcher = SHORT_DURATION.matcher(value.get());
            if (matcher.matches()) {
                final long amount = Long.parseLong(matcher.group(1));
                final String unit = matcher.group(2) == null ? "s" : matcher.group(2);
                return Optional.of(
                        switch (unit) {
                            case "ms" -> Duration.ofMillis(amount);
                            case "m" -> Duration.ofMinutes(amount);
                            case "h" -> Duration.ofHours(amount);
                            case "d" -> Duration.ofDays(amount);
                            default -> Duration.ofSeconds(amount);
                        });
            }
            try {
                return Optional.of(Duration.parse(value.get()));
            } catch (final DateTimeParseException e) {
                problems.add(key + "=" + Secrets.display(key, value.get())
                        + " is not a duration: write it as the service reads it, such as 500ms, 10s, 2m or PT10S");
                return Optional.empty();
            }
        }
    }
}
