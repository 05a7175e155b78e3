package org.jzenith.rest.internal.errors;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jzenith.core.errors.ExceptionMapping;

/**
 * The statuses that {@code RestPlugin.withMapping} and plugins' {@link ExceptionMapping}s assign
 * to exception types. An exception takes the mapping of its own class or of its nearest mapped
 * superclass, so the most specific mapping wins; the application's mappings come before the
 * plugins' for the same class. The candidates per exception class are cached; only conditional
 * mappings are evaluated per failure.
 *
 * <p>Immutable and thread-safe.
 */
public final class ExceptionMappings {

    private final List<ExceptionMapping> mappings;
    private final ClassValue<List<ExceptionMapping>> candidates = new ClassValue<>() {
        @Override
        protected List<ExceptionMapping> computeValue(final Class<?> type) {
            final List<ExceptionMapping> found = new ArrayList<>();
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                for (final ExceptionMapping mapping : mappings) {
                    if (mapping.type() == c) {
                        found.add(mapping);
                    }
                }
            }
            return List.copyOf(found);
        }
    };

    /**
     * @param application the application's own mappings ({@code withMapping})
     * @param contributed the mappings plugins contribute; the application's win for the same type
     */
    public ExceptionMappings(
            final Map<Class<? extends Throwable>, Integer> application,
            final Collection<ExceptionMapping> contributed) {
        final List<ExceptionMapping> all = new ArrayList<>();
        application.forEach((type, status) -> all.add(ExceptionMapping.of(type, status)));
        all.addAll(contributed);
        this.mappings = List.copyOf(all);
    }

    /**
     * The mapping for {@code failure}, or else for the nearest of its causes that is mapped (a
     * connection failure wrapped by a data access library still means 503).
     */
    public Optional<Mapped> find(final Throwable failure) {
        int depth = 0;
        for (Throwable current = failure; current != null && depth < 16; current = current.getCause(), depth++) {
            for (final ExceptionMapping mapping : candidates.get(current.getClass())) {
                if (mapping.matches(current)) {
                    return Optional.of(new Mapped(
                            current, mapping.status(), mapping.detail().apply(current)));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The exception that carries a mapping (the failure or one of its causes), its status, and what
     * the answer says of it when not its message.
     */
    public record Mapped(Throwable exception, int status, Optional<String> detail) {}
}
