package org.jzenith.rest.internal.params;

import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;

/** Shared {@link Binding.Value} instances for values that requests produce over and over, to save allocation. */
final class SharedBindings {

    private static final Optional<?> EMPTY_OPTIONAL_VALUE = Optional.empty();
    private static final List<?> EMPTY_LIST_VALUE = List.of();
    private static final Set<?> EMPTY_SET_VALUE = Set.of();
    private static final SortedSet<?> EMPTY_SORTED_SET_VALUE = Collections.emptySortedSet();

    static final Binding NULL = new Binding.Value(null);
    private static final Binding TRUE = new Binding.Value(Boolean.TRUE);
    private static final Binding FALSE = new Binding.Value(Boolean.FALSE);
    private static final Binding EMPTY_OPTIONAL = new Binding.Value(EMPTY_OPTIONAL_VALUE);
    private static final Binding EMPTY_LIST = new Binding.Value(EMPTY_LIST_VALUE);
    private static final Binding EMPTY_SET = new Binding.Value(EMPTY_SET_VALUE);
    private static final Binding EMPTY_SORTED_SET = new Binding.Value(EMPTY_SORTED_SET_VALUE);

    private SharedBindings() {}

    static Binding valueOf(final Object value) {
        if (value == null) {
            return NULL;
        }
        if (value instanceof Boolean bool) {
            return bool ? TRUE : FALSE;
        }
        // Identity checks: only the JDK's empty singletons are shared, never a caller's (possibly mutable) instance.
        if (value == EMPTY_OPTIONAL_VALUE) {
            return EMPTY_OPTIONAL;
        }
        if (value == EMPTY_LIST_VALUE) {
            return EMPTY_LIST;
        }
        if (value == EMPTY_SET_VALUE) {
            return EMPTY_SET;
        }
        if (value == EMPTY_SORTED_SET_VALUE) {
            return EMPTY_SORTED_SET;
        }
        return new Binding.Value(value);
    }
}
