package org.jzenith.core.configuration;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A setting a plugin cannot use: its key, and what was expected instead. The one way a plugin checks
 * settings that depend on each other or must parse (a URL, a connection string): a pure function of
 * its configuration returns every problem it finds, {@link org.jzenith.core.Validation#reject(List)}
 * reports them all with the rest of the configuration's problems before anything starts, and the
 * code that later reads the same settings refuses them with {@link #requireNone} should they reach it.
 *
 * <pre>{@code
 * static List<SettingProblem> problems(final CacheConfiguration cache) {
 *     final List<SettingProblem> problems = new ArrayList<>();
 *     if (cache.host().isBlank()) {
 *         problems.add(new SettingProblem("cache.host", "the server's host name or address, not nothing"));
 *     }
 *     return List.copyOf(problems);
 * }
 *
 * public void validate(final Validation validation) {
 *     validation.configuration(CacheConfiguration.class).ifPresent(cache -> validation.reject(problems(cache)));
 * }
 * }</pre>
 *
 * @param key the key to fix, such as {@code postgresql.url}
 * @param expected what a usable value looks like, and how to fix it: {@code "a URL such as
 *     postgresql://host/db"}
 */
public record SettingProblem(String key, String expected) {

    public SettingProblem {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(expected, "expected");
    }

    /**
     * Refuses settings that {@code problems} make unusable, for the code that reads them after start-up
     * checked them (a module's provider, a plugin's start): throws one exception naming every key,
     * or returns when there is none.
     *
     * @throws IllegalArgumentException naming every problem, when there are any
     */
    public static void requireNone(final List<SettingProblem> problems) {
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(
                    problems.stream().map(SettingProblem::toString).collect(Collectors.joining("; ")));
        }
    }

    /** {@code postgresql.url is not valid: expected ...}; never a value, which may be secret. */
    @Override
    public String toString() {
        return key + " is not valid: expected " + expected;
    }
}
