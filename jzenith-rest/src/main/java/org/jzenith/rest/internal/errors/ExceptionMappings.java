package org.jzenith.rest.internal.errors;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.jzenith.core.errors.ExceptionMapping;

/**
 * The statuses that {@code RestPlugin.withMapping} and plugins' {@link ExceptionMapping}s assign
 * to exception types. An exception takes the mapping of its own class or of its nearest mapped
 * superclass, so the most specific mapping wins. Lookups are cached per exception class.
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

    /**
     * @param application the application's own mappings ({@code withMapping})
     * @param contributed the mappings plugins contribute; the application's win for the same type
     */
    public ExceptionMappings(
            final Map<Class<? extends Throwable>, Integer> application,
            final Collection<ExceptionMapping> contributed) {
        final Map<Class<? extends Throwable>, Integer> all = new LinkedHashMap<>();
        contributed.forEach(mapping -> all.put(mapping.type(), mapping.status()));
        all.putAll(application);
        this.mappings = Map.copyOf(all);
    }

    /**
     * The status mapped for {@code failure}'s class, or else for the nearest of its causes that is
     * mapped (a connection failure wrapped by a data access library still means 503).
     */
    public Optional<Mapped> find(final Throwable failure) {
        int depth = 0;
        for (Throwable current = failure; current != null && depth < 16; current = current.getCause(), depth++) {
            final OptionalInt status = resolved.get(current.getClass());
            if (status.isPresent()) {
                return Optional.of(new Mapped(current, status.getAsInt()));
            }
        }
        return Optional.empty();
    }

    /** The exception that carries a mapping (the failure or one of its causes) and its status. */
    public record Mapped(Throwable exception, int status) {}
}
