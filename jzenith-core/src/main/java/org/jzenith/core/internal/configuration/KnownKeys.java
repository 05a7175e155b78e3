package org.jzenith.core.internal.configuration;

import io.smallrye.config.ConfigMappings;
import io.smallrye.config.ConfigMappings.ConfigClass;
import io.smallrye.config.PropertyNamesMatcher;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The keys that the registered configuration mappings understand; answers whether a key is known
 * and which known key a mistyped one was probably meant to be.
 */
final class KnownKeys {

    private final PropertyNamesMatcher<?> matcher;
    private final List<String> names;

    private KnownKeys(final PropertyNamesMatcher<?> matcher, final List<String> names) {
        this.matcher = matcher;
        this.names = names;
    }

    static KnownKeys of(final Collection<ConfigClass> mappings) {
        final TreeSet<String> names = new TreeSet<>();
        for (final ConfigClass mapping : mappings) {
            names.addAll(ConfigMappings.getProperties(mapping).keySet());
        }
        return new KnownKeys(ConfigMappings.propertyNamesMatcher(List.copyOf(mappings)), List.copyOf(names));
    }

    boolean isKnown(final String key) {
        return matcher.matches(key);
    }

    /** The known key nearest to {@code key}, if one is near enough to be a typo of it. */
    Optional<String> nearest(final String key) {
        final int tolerance = Math.max(2, key.length() / 3);
        return names.stream()
                .filter(name -> !name.contains("*"))
                .map(name -> new Candidate(name, editDistance(key, name)))
                .filter(candidate -> candidate.distance() <= tolerance)
                .min(Comparator.comparingInt(Candidate::distance).thenComparing(Candidate::name))
                .map(Candidate::name);
    }

    private record Candidate(String name, int distance) {}

    /** Levenshtein distance, two rows at a time. */
    static int editDistance(final String a, final String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                final int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
            }
            final int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
