package org.jzenith.jwt.internal;

import com.google.inject.MembersInjector;
import com.google.inject.TypeLiteral;
import com.google.inject.spi.TypeEncounter;
import com.google.inject.spi.TypeListener;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.eclipse.microprofile.jwt.Claim;
import org.eclipse.microprofile.jwt.ClaimValue;
import org.eclipse.microprofile.jwt.Claims;
import org.jzenith.rest.spi.FieldSetter;

/**
 * Fills {@code @Claim} fields, as MicroProfile JWT 2.1 allows them: {@code ClaimValue<T>} and
 * {@code Provider<T>} anywhere (each reads the claim from the current request's token when asked),
 * and the raw value ({@code String}, {@code Long}, {@code Boolean}, {@code Set<String>}, {@code
 * Object}, or an {@code Optional} of one) in objects made per request: resources without a scope,
 * {@code @RequestScoped} or {@code @Dependent}, and the unscoped beans they inject. A raw value in a
 * {@code @Singleton} or {@code @ApplicationScoped} class is refused at start-up, as the first
 * caller's value would stay for all. The conversion is chosen once, when Guice first meets the
 * class, and fields are set through method handles (no reflection per request). Guice itself first
 * injects a stand-in bound for the annotation type (it cannot bind every {@code @Claim("...")}
 * value); this listener replaces it.
 */
final class ClaimFields implements TypeListener {

    @Override
    public <I> void hear(final TypeLiteral<I> type, final TypeEncounter<I> encounter) {
        final Class<?> raw = type.getRawType();
        for (Class<?> c = raw; c != null && c != Object.class; c = c.getSuperclass()) {
            if (c.getName().startsWith("java.")) {
                break;
            }
            for (final Field field : c.getDeclaredFields()) {
                final Claim claim = field.getAnnotation(Claim.class);
                if (claim != null && !Modifier.isStatic(field.getModifiers())) {
                    fill(raw, field, claim, encounter);
                }
            }
            for (final Constructor<?> constructor : c.getDeclaredConstructors()) {
                for (final Parameter parameter : constructor.getParameters()) {
                    if (parameter.isAnnotationPresent(Claim.class)) {
                        encounter.addError(
                                "%s takes @Claim %s in its constructor; jZenith fills @Claim fields only: declare"
                                        + " an @Inject @Claim(...) field of that type, or inject JsonWebToken",
                                c.getName(), parameter.getName());
                    }
                }
            }
        }
    }

    private static <I> void fill(
            final Class<?> made, final Field field, final Claim claim, final TypeEncounter<I> encounter) {
        final String where = field.getDeclaringClass().getName() + "." + field.getName();
        final Optional<String> name = claimName(claim);
        if (name.isEmpty()) {
            encounter.addError(
                    "%s: @Claim names no claim, or value and standard name different ones; give one of them", where);
            return;
        }
        final Type type = field.getGenericType();
        final Optional<Class<?>> wrapper = wrapper(type);
        final Type valueType = wrapper.isPresent() ? ((ParameterizedType) type).getActualTypeArguments()[0] : type;
        final Optional<Function<Object, Object>> conversion = ClaimTypes.conversionTo(valueType);
        if (conversion.isEmpty()) {
            encounter.addError(
                    "%s is @Claim(\"%s\") %s, a type a claim is not read into; use String, Long, Boolean,"
                            + " Set<String>, Object, a JSON-P type (JsonValue, JsonString, JsonNumber, JsonObject, JsonArray,"
                            + " JsonStructure) or an Optional of one of them, as is or in a ClaimValue<T> or"
                            + " Provider<T>",
                    where, name.get(), type.getTypeName());
            return;
        }
        if (wrapper.isEmpty() && ClaimScopes.oneObjectForAllRequests(made)) {
            encounter.addError(
                    "%s is @Claim(\"%s\") %s in %s, of which one object serves every request: the first"
                            + " caller's claim would stay. Declare it ClaimValue<%s> or Provider<%s>, or make the"
                            + " class @RequestScoped (or give it no scope)",
                    where, name.get(), type.getTypeName(), made.getSimpleName(), boxed(type), boxed(type));
            return;
        }
        final CurrentClaim current = new CurrentClaim(name.get(), conversion.get());
        final Supplier<Object> value = wrapper.isEmpty()
                ? rawValue(current, type, where)
                : wrapper.get() == ClaimValue.class ? () -> current : () -> provider(wrapper.get(), current);
        final FieldSetter setter = FieldSetter.of(field);
        encounter.register((MembersInjector<I>) instance -> setter.set(instance, value.get()));
    }

    /** ClaimValue, jakarta.inject.Provider or Guice's Provider, when {@code type} is one of them with a type argument. */
    private static Optional<Class<?>> wrapper(final Type type) {
        if (type instanceof ParameterizedType parameterized
                && (parameterized.getRawType() == ClaimValue.class
                        || parameterized.getRawType() == jakarta.inject.Provider.class
                        || parameterized.getRawType() == com.google.inject.Provider.class)) {
            return Optional.of((Class<?>) parameterized.getRawType());
        }
        return Optional.empty();
    }

    private static Object provider(final Class<?> wrapper, final CurrentClaim current) {
        // Guice's Provider is a jakarta.inject.Provider too: one lambda fits either field.
        final com.google.inject.Provider<Object> provider = current::getValue;
        return wrapper == com.google.inject.Provider.class ? provider : (jakarta.inject.Provider<Object>) provider;
    }

    /**
     * The raw value, read when the object is made: within a request, as the object is made per
     * request. A primitive field gets its zero for an absent claim.
     */
    private static Supplier<Object> rawValue(final CurrentClaim current, final Type type, final String where) {
        final Object zero = type == long.class ? (Object) 0L : type == boolean.class ? Boolean.FALSE : null;
        return () -> {
            if (CurrentJsonWebToken.outsideRequest()) {
                throw new IllegalStateException(where + " is a raw @Claim value, filled when its object is made, but"
                        + " the object was made outside a request (held by a singleton, or made at start-up):"
                        + " declare it ClaimValue<T> or Provider<T>");
            }
            final Object value = current.getValue();
            return value == null ? zero : value;
        };
    }

    private static String boxed(final Type type) {
        return type == long.class ? "Long" : type == boolean.class ? "Boolean" : type.getTypeName();
    }

    /** The claim {@code claim} names: its value, or its standard claim's name; empty when neither or both differ. */
    static Optional<String> claimName(final Claim claim) {
        final String value = claim.value();
        final Claims standard = claim.standard();
        if (standard == Claims.UNKNOWN) {
            return value.isEmpty() ? Optional.empty() : Optional.of(value);
        }
        return value.isEmpty() || value.equals(standard.name()) ? Optional.of(standard.name()) : Optional.empty();
    }

    /**
     * One {@code @Claim} field's value: the claim of the current request's token, converted.
     *
     * @param name the claim's name
     * @param conversion from the claim's JSON value (null when absent) to the field's type argument
     */
    record CurrentClaim(String name, Function<Object, Object> conversion) implements ClaimValue<Object> {

        @Override
        public String getName() {
            return name;
        }

        @Override
        public Object getValue() {
            return conversion.apply(CurrentJsonWebToken.INSTANCE.getClaim(name));
        }

        @Override
        public String toString() {
            return "ClaimValue " + name;
        }
    }
}
