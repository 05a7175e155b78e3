package org.jzenith.core.internal.configuration;

import io.smallrye.config.ConfigMappingInterface.Property;
import io.smallrye.config.ConfigMappings;
import io.smallrye.config.ConfigMappings.ConfigClass;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.SmallRyeConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.jzenith.core.configuration.ConfigurationProblem;
import org.jzenith.core.configuration.DurationRange;
import org.jzenith.core.configuration.Range;
import org.jzenith.core.configuration.Secrets;

/**
 * Checks the {@link Range} and {@link DurationRange} constraints of every mapping against the
 * values the configuration holds, once, at start-up. Reflection on the mappings happens here only.
 */
final class Constraints {

    private static final DurationConverter DURATIONS = new DurationConverter();

    private Constraints() {}

    /** The values that break a constraint, in key order. */
    static List<ConfigurationProblem> check(
            final SmallRyeConfig config,
            final Collection<ConfigClass> mappings,
            final Map<String, String> environment) {
        final Map<String, Property> properties = new TreeMap<>();
        mappings.forEach(mapping -> properties.putAll(ConfigMappings.getProperties(mapping)));
        final List<ConfigurationProblem> problems = new ArrayList<>();
        properties.forEach((key, property) -> {
            final Range range = property.getMethod().getAnnotation(Range.class);
            final DurationRange durations = property.getMethod().getAnnotation(DurationRange.class);
            if (range == null && durations == null) {
                return;
            }
            final ConfigValue value = config.getConfigValue(key);
            if (value.getValue() == null || value.getValue().isBlank()) {
                return; // absent and optional: nothing to check
            }
            final Optional<String> broken =
                    range != null ? check(range, value.getValue().trim()) : check(durations, value.getValue());
            broken.ifPresent(expected -> problems.add(new ConfigurationProblem(
                    key,
                    ConfigurationLoader.sourceName(value, environment),
                    "\"" + Secrets.display(key, value.getValue().trim()) + "\" is not valid: expected " + expected)));
        });
        return problems;
    }

    private static Optional<String> check(final Range range, final String value) {
        final long number;
        try {
            number = Long.parseLong(value);
        } catch (final NumberFormatException e) {
            return Optional.empty(); // SmallRye has reported a value that is not a number already
        }
        if (number >= range.min() && number <= range.max()) {
            return Optional.empty();
        }
        return Optional.of(withHint(describe(range), range.hint()));
    }

    private static Optional<String> check(final DurationRange range, final String value) {
        final Duration duration = DURATIONS.convert(value);
        final Optional<Duration> min = bound(range.min());
        final Optional<Duration> max = bound(range.max());
        final boolean tooShort = min.isPresent() && duration.compareTo(min.get()) < 0;
        final boolean tooLong = max.isPresent() && duration.compareTo(max.get()) > 0;
        if (!tooShort && !tooLong) {
            return Optional.empty();
        }
        final String expected = max.isEmpty()
                ? "at least " + range.min()
                : min.isEmpty() || min.get().isZero() ? "at most " + range.max() : range.min() + " to " + range.max();
        return Optional.of(withHint("a duration of " + expected, range.hint()));
    }

    private static Optional<Duration> bound(final String text) {
        return text.isBlank() ? Optional.empty() : Optional.of(DURATIONS.convert(text));
    }

    private static String describe(final Range range) {
        if (range.max() == Long.MAX_VALUE) {
            return "at least " + range.min();
        }
        if (range.min() == Long.MIN_VALUE) {
            return "at most " + range.max();
        }
        return range.min() + " to " + range.max();
    }

    private static String withHint(final String expected, final String hint) {
        return hint.isBlank() ? expected : expected + " (" + hint + ")";
    }
}
