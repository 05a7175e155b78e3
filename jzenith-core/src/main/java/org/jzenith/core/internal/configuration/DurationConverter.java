package org.jzenith.core.internal.configuration;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.spi.Converter;

/**
 * Reads durations the way people write them: {@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h},
 * {@code 1d}, a bare number of seconds, or ISO-8601 ({@code PT10S}).
 */
final class DurationConverter implements Converter<Duration> {

    private static final long serialVersionUID = 1L;

    private static final Pattern SHORT_FORM = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)?");

    @Override
    public Duration convert(final String value) {
        final String trimmed = value.trim();
        if (trimmed.isEmpty()) {
            return null; // SmallRye treats null as "no value"
        }
        final Matcher matcher = SHORT_FORM.matcher(trimmed);
        if (matcher.matches()) {
            final long amount = Long.parseLong(matcher.group(1));
            final String unit = matcher.group(2) == null ? "s" : matcher.group(2);
            return switch (unit) {
                case "ms" -> Duration.ofMillis(amount);
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                case "d" -> Duration.ofDays(amount);
                default -> Duration.ofSeconds(amount);
            };
        }
        try {
            return Duration.parse(trimmed);
        } catch (final DateTimeParseException e) {
            throw new IllegalArgumentException(
                    "expected a duration such as 500ms, 10s, 2m, 1h or PT10S, got \"" + value + "\"", e);
        }
    }
}
