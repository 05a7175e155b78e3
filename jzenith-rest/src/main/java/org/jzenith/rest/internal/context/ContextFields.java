package org.jzenith.rest.internal.context;

import com.google.inject.Provider;
import com.google.inject.TypeLiteral;
import com.google.inject.spi.TypeEncounter;
import com.google.inject.spi.TypeListener;
import jakarta.ws.rs.container.ResourceContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.sse.Sse;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code @Context} fields of the objects Guice makes, for the types that are the same for every
 * request: {@link ResourceContext} and {@link Sse}. Request-scoped types ({@code HttpHeaders},
 * {@code UriInfo}, ...) cannot go into a field of an object that serves every request; the REST
 * plugin refuses such fields on resources before anything starts (see {@link #problem}).
 */
public final class ContextFields implements TypeListener {

    private final Map<Class<?>, Provider<?>> values;

    public ContextFields(final Provider<ResourceContext> resourceContext, final Provider<Sse> sse) {
        this.values = Map.of(ResourceContext.class, resourceContext, Sse.class, sse);
    }

    /** What is wrong with {@code type}'s {@code @Context} fields, if anything: a type no field can have. */
    public static Optional<String> problem(final Class<?> type) {
        for (final Field field : contextFields(type)) {
            if (field.getType() != ResourceContext.class && field.getType() != Sse.class) {
                return Optional.of("has the field " + field.getName() + " with @Context "
                        + field.getType().getSimpleName() + ", which differs per request and cannot go into a field"
                        + " of a resource that serves every request; take it as a parameter of the method instead"
                        + " (fields may hold ResourceContext and Sse)");
            }
        }
        return Optional.empty();
    }

    @Override
    public <I> void hear(final TypeLiteral<I> type, final TypeEncounter<I> encounter) {
        for (final Field field : contextFields(type.getRawType())) {
            final Provider<?> value = values.get(field.getType());
            if (value == null) {
                continue; // refused at start-up for resources; left alone elsewhere
            }
            field.setAccessible(true); // start-up only, when Guice first meets the type
            encounter.register((com.google.inject.MembersInjector<I>) instance -> {
                try {
                    field.set(instance, value.get());
                } catch (final IllegalAccessException e) {
                    throw new IllegalStateException("Cannot set @Context field " + field, e);
                }
            });
        }
    }

    private static List<Field> contextFields(final Class<?> type) {
        final List<Field> fields = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            if (c.getName().startsWith("java.") || c.getName().startsWith("jakarta.")) {
                break;
            }
            for (final Field field : c.getDeclaredFields()) {
                if (field.isAnnotationPresent(Context.class) && !Modifier.isStatic(field.getModifiers())) {
                    fields.add(field);
                }
            }
        }
        return fields;
    }
}
