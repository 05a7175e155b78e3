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

    /**
     * What is wrong with a provider's {@code @Context} fields, if anything: a type no field of an
     * object serving every request can have. Resources may also have the per-request types
     * {@link CurrentRequest} stands in for; providers may not, as they run outside the method's call.
     */
    public static Optional<String> problem(final Class<?> type) {
        return problem(type, false);
    }

    /** What is wrong with a resource's {@code @Context} fields, if anything. */
    public static Optional<String> resourceProblem(final Class<?> type) {
        return problem(type, true);
    }

    /** Whether {@code type} has {@code @Context} fields of per-request types, which need {@link CurrentRequest}. */
    public static boolean needsCurrentRequest(final Class<?> type) {
        return contextFields(type).stream()
                .anyMatch(field -> CurrentRequest.standIn(field.getType()).isPresent());
    }

    private static Optional<String> problem(final Class<?> type, final boolean resource) {
        for (final Field field : contextFields(type)) {
            final boolean perRequest = CurrentRequest.standIn(field.getType()).isPresent();
            if (field.getType() != ResourceContext.class && field.getType() != Sse.class && !(resource && perRequest)) {
                return Optional.of("has the field " + field.getName() + " with @Context "
                        + field.getType().getSimpleName() + ", which differs per request and cannot go into a field"
                        + " of a resource that serves every request; take it as a parameter of the method instead"
                        + " (fields may hold ResourceContext and Sse; a resource's also UriInfo, HttpHeaders, Request"
                        + " and SecurityContext)");
            }
        }
        return Optional.empty();
    }

    @Override
    public <I> void hear(final TypeLiteral<I> type, final TypeEncounter<I> encounter) {
        for (final Field field : contextFields(type.getRawType())) {
            final Optional<Object> standIn = CurrentRequest.standIn(field.getType());
            final Provider<?> value = standIn.isPresent() ? standIn::get : values.get(field.getType());
            if (value == null) {
                continue; // refused at start-up for resources and providers; left alone elsewhere
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
