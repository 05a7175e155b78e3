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
import org.eclipse.microprofile.jwt.Claim;
import org.eclipse.microprofile.jwt.ClaimValue;
import org.eclipse.microprofile.jwt.Claims;

/**
 * Fills {@code @Inject @Claim ClaimValue<T>} fields: each gets its own {@link ClaimValue} that reads
 * the claim from the current request's token, converted as chosen here, once, when Guice first meets
 * the class (no reflection per request). Guice itself first injects a stand-in bound for the
 * annotation type (it cannot bind every {@code @Claim("...")} value); this listener replaces it.
 * Claims as plain values ({@code @Claim String}) are refused: one resource object serves every
 * request, so a value fixed when it was made would be the first caller's.
 */
final class ClaimFields implements TypeListener {

    @Override
    public <I> void hear(final TypeLiteral<I> type, final TypeEncounter<I> encounter) {
        for (Class<?> c = type.getRawType(); c != null && c != Object.class; c = c.getSuperclass()) {
            if (c.getName().startsWith("java.")) {
                break;
            }
            for (final Field field : c.getDeclaredFields()) {
                final Claim claim = field.getAnnotation(Claim.class);
                if (claim != null && !Modifier.isStatic(field.getModifiers())) {
                    fill(field, claim, encounter);
                }
            }
            for (final Constructor<?> constructor : c.getDeclaredConstructors()) {
                for (final Parameter parameter : constructor.getParameters()) {
                    if (parameter.isAnnotationPresent(Claim.class)) {
                        encounter.addError(
                                "%s takes @Claim %s in its constructor; jZenith fills @Claim fields only: declare"
                                        + " an @Inject @Claim(...) ClaimValue<%s> field, or inject JsonWebToken",
                                c.getName(),
                                parameter.getName(),
                                parameter.getParameterizedType().getTypeName());
                    }
                }
            }
        }
    }

    private static <I> void fill(final Field field, final Claim claim, final TypeEncounter<I> encounter) {
        final String where = field.getDeclaringClass().getName() + "." + field.getName();
        final Optional<String> name = claimName(claim);
        if (name.isEmpty()) {
            encounter.addError(
                    "%s: @Claim names no claim, or value and standard name different ones; give one of them", where);
            return;
        }
        final Type type = field.getGenericType();
        if (!(type instanceof ParameterizedType parameterized) || parameterized.getRawType() != ClaimValue.class) {
            encounter.addError(
                    "%s is @Claim(\"%s\") %s: a resource serves every request with one object, so a claim must be"
                            + " read per request: declare it ClaimValue<%s> (or inject JsonWebToken)",
                    where, name.get(), type.getTypeName(), type.getTypeName());
            return;
        }
        final Type valueType = parameterized.getActualTypeArguments()[0];
        final Optional<Function<Object, Object>> conversion = ClaimTypes.conversionTo(valueType);
        if (conversion.isEmpty()) {
            encounter.addError(
                    "%s is ClaimValue<%s>, a type a claim is not read into; use String, Long, Boolean, Set<String>,"
                            + " Object or an Optional of one of them",
                    where, valueType.getTypeName());
            return;
        }
        final CurrentClaim value = new CurrentClaim(name.get(), conversion.get());
        field.setAccessible(true); // start-up only, when Guice first meets the class
        encounter.register((MembersInjector<I>) instance -> {
            try {
                field.set(instance, value);
            } catch (final IllegalAccessException e) {
                throw new IllegalStateException("Cannot set @Claim field " + where, e);
            }
        });
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
