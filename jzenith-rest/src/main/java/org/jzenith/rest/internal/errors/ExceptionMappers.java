package org.jzenith.rest.internal.errors;

import com.google.inject.TypeLiteral;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.lang.reflect.ParameterizedType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The application's Jakarta REST {@link ExceptionMapper} providers. A failure goes to the mapper of
 * its own class or of its nearest superclass that has one, as Jakarta REST says; the lookup per
 * exception class is made once and cached.
 *
 * <p>Immutable and thread-safe.
 */
public final class ExceptionMappers {

    private final Map<Class<?>, ExceptionMapper<Throwable>> byType;
    private final ClassValue<Optional<ExceptionMapper<Throwable>>> nearest = new ClassValue<>() {
        @Override
        protected Optional<ExceptionMapper<Throwable>> computeValue(final Class<?> type) {
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                final ExceptionMapper<Throwable> mapper = byType.get(c);
                if (mapper != null) {
                    return Optional.of(mapper);
                }
            }
            return Optional.empty();
        }
    };

    private ExceptionMappers(final Map<Class<?>, ExceptionMapper<Throwable>> byType) {
        this.byType = Map.copyOf(byType);
    }

    /**
     * The mappers, each for the exception type its class declares ({@code implements
     * ExceptionMapper<NoSuchUserException>}).
     *
     * @throws IllegalArgumentException naming a mapper whose exception type cannot be told, or two
     *     mappers for one type
     */
    @SuppressWarnings("unchecked") // a mapper of T takes every T it is selected for
    public static ExceptionMappers of(final List<ExceptionMapper<?>> mappers) {
        final Map<Class<?>, ExceptionMapper<Throwable>> byType = new HashMap<>();
        for (final ExceptionMapper<?> mapper : mappers) {
            final Class<?> type = mappedType(mapper.getClass());
            final ExceptionMapper<Throwable> previous = byType.put(type, (ExceptionMapper<Throwable>) mapper);
            if (previous != null) {
                throw new IllegalArgumentException(name(mapper.getClass()) + " and " + name(previous.getClass())
                        + " both map " + type.getName() + "; register one of them");
            }
        }
        return new ExceptionMappers(byType);
    }

    /** The exception type {@code mapperClass} maps. */
    public static Class<?> mappedType(final Class<?> mapperClass) {
        final TypeLiteral<?> mapper = TypeLiteral.get(mapperClass).getSupertype(ExceptionMapper.class);
        if (!(mapper.getType() instanceof ParameterizedType parameterized)) {
            throw new IllegalArgumentException(name(mapperClass)
                    + " implements ExceptionMapper without saying which exception it maps; declare"
                    + " implements ExceptionMapper<YourException>");
        }
        return TypeLiteral.get(parameterized.getActualTypeArguments()[0]).getRawType();
    }

    /** The mapper for {@code failure}, if any. */
    public Optional<ExceptionMapper<Throwable>> find(final Throwable failure) {
        return byType.isEmpty() ? Optional.empty() : nearest.get(failure.getClass());
    }

    private static String name(final Class<?> type) {
        // Guice may subclass a provider for AOP; name the class the user wrote.
        return (type.getName().contains("$$") ? type.getSuperclass() : type).getSimpleName();
    }
}
