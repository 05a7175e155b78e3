package org.jzenith.rest.internal.errors;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The statuses that {@code RestPlugin.withMapping} assigns to exception types. An exception takes
 * the mapping of its own class or of its nearest mapped superclass, so the most specific mapping
 * wins. Lookups are cached per exception class.
 *
 * <p>Immutable and thread-safe.
 */
public final class ExceptionMappings {

    private final Map<Class<? extends Throwable>, Integer> mappings;
    private final ClassValue<OptionalInt> resolved = new ClassValue<>() {
        @Override
        protected OptionalInt computeValue(final Class<?> type) {
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                final Integer status = mappings.get(c);
                if (status != null) {
                    return OptionalInt.of(status);
                }
            }
            return OptionalInt.empty();
        }
    };

    public ExceptionMappings(final Map<Class<? extends Throwable>, Integer> mappings) {
        this.mappings = Map.copyOf(new LinkedHashMap<>(mappings));
    }

    /** The status mapped for {@code failure}'s class, if any. */
    public OptionalInt statusFor(final Throwable failure) {
        return resolved.get(failure.getClass());
    }
}
