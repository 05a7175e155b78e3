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
import java.util.Set;
import org.jzenith.rest.security.CurrentSecurityContext;
import org.jzenith.rest.spi.FieldSetter;

/**
 * {@code @Context} fields of the objects Guice makes: {@link ResourceContext} and {@link Sse},
 * the same for every request, and stand-ins for the per-request types that answer for the request
 * the thread serves ({@link CurrentRequest}). Other types are refused before anything starts (see
 * {@link #problem}).
 */
public final class ContextFields implements TypeListener {

    private final Map<Class<?>, Provider<?>> values;

    public ContextFields(final Provider<ResourceContext> resourceContext, final Provider<Sse> sse) {
        this.values = Map.of(ResourceContext.class, resourceContext, Sse.class, sse);
    }

    /**
     * What is wrong with the {@code @Context} fields of {@code type} (a resource or a provider), if
     * anything: a field of a type jZenith does not put into fields.
     */
    public static Optional<String> problem(final Class<?> type) {
        for (final Field field : contextFields(type)) {
            final boolean perRequest = CurrentRequest.standIn(field.getType()).isPresent();
            if (field.getType() != ResourceContext.class && field.getType() != Sse.class && !perRequest) {
                return Optional.of("has the field " + field.getName() + " with @Context "
                        + field.getType().getSimpleName() + ", a type jZenith does not put into fields (they may"
                        + " hold ResourceContext, Sse, UriInfo, HttpHeaders, Request, SecurityContext and"
                        + " ResourceInfo); take it as a method parameter where that is supported");
            }
        }
        return Optional.empty();
    }

    /** Whether {@code type} has {@code @Context} fields of per-request types, which need {@link CurrentRequest}. */
    public static boolean needsCurrentRequest(final Class<?> type) {
        return contextFields(type).stream().anyMatch(field -> CurrentRequest.standIn(field.getType())
                        .isPresent())
                || readsCurrentSecurity(type);
    }

    /**
     * Types that a plugin's stand-ins fill from {@link CurrentSecurityContext} in fields and
     * constructor parameters: MicroProfile JWT's (jzenith-jwt). Named, not referenced, so that this
     * module does not depend on their API.
     */
    private static final Set<String> SECURITY_STAND_INS =
            Set.of("org.eclipse.microprofile.jwt.JsonWebToken", "org.eclipse.microprofile.jwt.ClaimValue");

    /** A {@code @Claim} field (a raw value, a {@code Provider}): filled from the token when the object is made. */
    private static boolean isClaim(final Field field) {
        for (final java.lang.annotation.Annotation annotation : field.getAnnotations()) {
            if (annotation.annotationType().getName().equals(CLAIM)) {
                return true;
            }
        }
        return false;
    }

    private static final String CLAIM = "org.eclipse.microprofile.jwt.Claim";

    private static boolean readsCurrentSecurity(final Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (final Field field : c.getDeclaredFields()) {
                if (SECURITY_STAND_INS.contains(field.getType().getName()) || isClaim(field)) {
                    return true;
                }
            }
            for (final java.lang.reflect.Constructor<?> constructor : c.getDeclaredConstructors()) {
                for (final Class<?> parameter : constructor.getParameterTypes()) {
                    if (SECURITY_STAND_INS.contains(parameter.getName())) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    @Override
    public <I> void hear(final TypeLiteral<I> type, final TypeEncounter<I> encounter) {
        for (final Field field : contextFields(type.getRawType())) {
            final Optional<Object> standIn = CurrentRequest.standIn(field.getType());
            final Provider<?> value = standIn.isPresent() ? standIn::get : values.get(field.getType());
            if (value == null) {
                continue; // refused at start-up for resources and providers; left alone elsewhere
            }
            // A handle made once here: per-request resources are filled on every request, without reflection.
            final FieldSetter setter = FieldSetter.of(field);
            encounter.register((com.google.inject.MembersInjector<I>) instance -> setter.set(instance, value.get()));
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
