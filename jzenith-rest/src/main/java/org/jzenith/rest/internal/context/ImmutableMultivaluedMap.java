package org.jzenith.rest.internal.context;

import jakarta.ws.rs.core.AbstractMultivaluedMap;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A read-only {@link MultivaluedMap} of strings, as the {@code @Context} types must hand out.
 *
 * <p>The store and every value list are unmodifiable, so each mutator inherited from {@link AbstractMultivaluedMap}
 * fails with {@link UnsupportedOperationException} instead of changing request state.
 */
final class ImmutableMultivaluedMap extends AbstractMultivaluedMap<String, String> {

    private static final long serialVersionUID = 1L;

    private static final ImmutableMultivaluedMap EMPTY = new ImmutableMultivaluedMap(Map.of());

    private ImmutableMultivaluedMap(final Map<String, List<String>> store) {
        super(store);
    }

    static ImmutableMultivaluedMap empty() {
        return EMPTY;
    }

    /** Copies {@code source}, keeping its key order. */
    static ImmutableMultivaluedMap copyOf(final Map<String, ? extends List<String>> source) {
        if (source.isEmpty()) {
            return EMPTY;
        }
        final Map<String, List<String>> copy = new LinkedHashMap<>();
        source.forEach((key, values) -> copy.put(key, List.copyOf(values)));
        return new ImmutableMultivaluedMap(Collections.unmodifiableMap(copy));
    }

    /** Copies {@code source} into a map whose keys are looked up ignoring case, as HTTP header names are. */
    static ImmutableMultivaluedMap caseInsensitiveCopyOf(final Map<String, ? extends List<String>> source) {
        final Map<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        source.forEach((key, values) -> copy.put(key, List.copyOf(values)));
        return new ImmutableMultivaluedMap(Collections.unmodifiableMap(copy));
    }
}
