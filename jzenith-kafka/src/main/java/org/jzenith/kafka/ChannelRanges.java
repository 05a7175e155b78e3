package org.jzenith.kafka;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.jzenith.core.configuration.DurationRange;
import org.jzenith.core.configuration.Range;
import org.jzenith.core.configuration.SettingProblem;

/**
 * Checks a channel's settings against the {@link Range} and {@link DurationRange} its mapping ({@link
 * KafkaConfiguration.ChannelConfiguration}) declares, so that a channel's bounds are written once, where
 * the plugin's own are. Core checks those annotations on the plugin's keys, but not under a map of
 * channels ({@code kafka.channels.<name>.}), whose keys its check cannot list. Reads the annotations by
 * reflection, once per channel at start-up.
 */
final class ChannelRanges {

    private static final List<Method> CHECKED = Arrays.stream(
                    KafkaConfiguration.ChannelConfiguration.class.getMethods())
            .filter(method ->
                    method.isAnnotationPresent(Range.class) || method.isAnnotationPresent(DurationRange.class))
            .sorted(Comparator.comparing(Method::getName))
            .toList();

    private ChannelRanges() {}

    /** The settings of {@code channel} (under {@code prefix}, such as {@code kafka.channels.orders.}) out of their range. */
    static List<SettingProblem> problems(final String prefix, final KafkaConfiguration.ChannelConfiguration channel) {
        final List<SettingProblem> problems = new ArrayList<>();
        for (final Method method : CHECKED) {
            final String key =
                    prefix + method.getName().replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
            final Object value = value(method, channel);
            final Range range = method.getAnnotation(Range.class);
            if (range != null) {
                number(value)
                        .filter(number -> number < range.min() || number > range.max())
                        .ifPresent(number ->
                                problems.add(new SettingProblem(key, withHint(describe(range), range.hint()))));
            } else {
                final DurationRange durations = method.getAnnotation(DurationRange.class);
                duration(value)
                        .filter(duration -> outside(durations, duration))
                        .ifPresent(duration -> problems.add(new SettingProblem(
                                key,
                                withHint(
                                        "a duration from " + durations.min() + " to " + durations.max(),
                                        durations.hint()))));
            }
        }
        return List.copyOf(problems);
    }

    private static Object value(final Method method, final KafkaConfiguration.ChannelConfiguration channel) {
        try {
            return method.invoke(channel);
        } catch (final IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + method.getName() + " of a channel's settings", e);
        }
    }

    private static Optional<Long> number(final Object value) {
        return switch (value) {
            case OptionalInt number when number.isPresent() -> Optional.of((long) number.getAsInt());
            case OptionalLong number when number.isPresent() -> Optional.of(number.getAsLong());
            default -> Optional.empty();
        };
    }

    private static Optional<Duration> duration(final Object value) {
        return value instanceof Optional<?> optional
                ? optional.filter(Duration.class::isInstance).map(Duration.class::cast)
                : Optional.empty();
    }

    private static boolean outside(final DurationRange range, final Duration duration) {
        return duration.compareTo(Duration.parse(iso(range.min()))) < 0
                || (!range.max().isBlank() && duration.compareTo(Duration.parse(iso(range.max()))) > 0);
    }

    /** {@code 0ms}, {@code 1h} as {@link Duration#parse} reads them. */
    private static String iso(final String text) {
        final String number = text.replaceAll("[a-z]+$", "");
        return switch (text.substring(number.length())) {
            case "ms" -> "PT" + (Long.parseLong(number) / 1000.0) + "S";
            case "s" -> "PT" + number + "S";
            case "m" -> "PT" + number + "M";
            case "h" -> "PT" + number + "H";
            case "d" -> "P" + number + "D";
            default -> throw new IllegalStateException("a duration bound jZenith does not read: " + text);
        };
    }

    private static String withHint(final String expected, final String hint) {
        return hint.isBlank() ? expected : expected + " (" + hint + ")";
    }

    /** As core words a range: {@code 0 to 1000}, {@code at least 1}. */
    private static String describe(final Range range) {
        if (range.max() == Long.MAX_VALUE) {
            return "a number of at least " + range.min();
        }
        if (range.min() == Long.MIN_VALUE) {
            return "a number of at most " + range.max();
        }
        return "a number from " + range.min() + " to " + range.max();
    }
}
