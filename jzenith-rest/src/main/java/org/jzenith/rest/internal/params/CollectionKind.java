package org.jzenith.rest.internal.params;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The collection types a multi-valued parameter may be declared as, and how each is built.
 *
 * <p>Results are unmodifiable views over collections nothing else references, so they are immutable without a copy.
 */
enum CollectionKind {
    LIST(List.class),
    SET(Set.class),
    SORTED_SET(SortedSet.class);

    private final Class<?> type;

    CollectionKind(final Class<?> type) {
        this.type = type;
    }

    static CollectionKind of(final Class<?> type) {
        for (final CollectionKind kind : values()) {
            if (kind.type == type) {
                return kind;
            }
        }
        throw new IllegalArgumentException("Not a supported collection type: " + type);
    }

    static boolean isCollection(final Class<?> type) {
        return type == List.class || type == Set.class || type == SortedSet.class;
    }

    Object empty() {
        return switch (this) {
            case LIST -> List.of();
            case SET -> Set.of();
            case SORTED_SET -> Collections.emptySortedSet();
        };
    }

    Collection<Object> newBuffer(final int size) {
        return switch (this) {
            case LIST -> new ArrayList<>(size);
            case SET -> LinkedHashSet.newLinkedHashSet(size); // keeps request order
            case SORTED_SET -> new TreeSet<>();
        };
    }

    Object seal(final Collection<Object> buffer) {
        return switch (this) {
            case LIST -> Collections.unmodifiableList((List<Object>) buffer);
            case SET -> Collections.unmodifiableSet((Set<Object>) buffer);
            case SORTED_SET -> Collections.unmodifiableSortedSet((SortedSet<Object>) buffer);
        };
    }
}
