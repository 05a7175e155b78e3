package org.jzenith.jwt.internal;

import jakarta.ws.rs.core.SecurityContext;
import java.lang.annotation.Annotation;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.function.Function;
import org.eclipse.microprofile.jwt.Claim;
import org.eclipse.microprofile.jwt.ClaimValue;
import org.jzenith.jwt.JwtPrincipal;
import org.jzenith.rest.security.PrincipalParameters;

/**
 * {@code @Claim} on a resource method's parameter: {@code ClaimValue<T>}, {@code Optional<T>} or
 * the raw {@code String}, {@code Long}, {@code Boolean}, {@code Set<String>} or {@code Object}, the
 * claim named by its value or its standard name. The conversion is chosen once, at start-up ({@link
 * ClaimTypes}); per request the claim is looked up in the verified token's claims and converted.
 * Unlike a field of a singleton resource, a parameter is the request's own, so a raw value is fine.
 * A claim the token lacks, or a request without a token, is {@code Optional.empty()}, a {@code
 * ClaimValue} whose value is null, or null, as MicroProfile JWT injects it; primitives are refused
 * at start-up for that reason.
 */
final class ClaimParameters implements PrincipalParameters {

    @Override
    public String annotation() {
        return Claim.class.getName();
    }

    @Override
    public Reader reader(final Annotation annotation, final Type type) {
        final Claim claim = (Claim) annotation;
        final String name = ClaimFields.claimName(claim)
                .orElseThrow(() -> new IllegalArgumentException(
                        "@Claim names no claim, or value and standard name different ones; give one of them"));
        if (type == long.class || type == boolean.class) {
            throw new IllegalArgumentException("@Claim(\"" + name + "\") " + type.getTypeName()
                    + " cannot be read: a token may"
                    + " lack the claim; declare it " + (type == long.class ? "Long" : "Boolean") + " (null then)"
                    + " or Optional<" + (type == long.class ? "Long" : "Boolean") + ">");
        }
        if (type == ClaimValue.class) {
            return security -> new ClaimOf(name, claim(security, name));
        }
        if (type instanceof ParameterizedType parameterized && parameterized.getRawType() == ClaimValue.class) {
            final Type valueType = parameterized.getActualTypeArguments()[0];
            final Function<Object, Object> conversion = conversion(name, valueType);
            return security -> new ClaimOf(name, conversion.apply(claim(security, name)));
        }
        final Function<Object, Object> conversion = conversion(name, type);
        return security -> conversion.apply(claim(security, name));
    }

    private static Function<Object, Object> conversion(final String name, final Type type) {
        return ClaimTypes.conversionTo(type)
                .orElseThrow(() -> new IllegalArgumentException("@Claim(\"" + name + "\") " + type.getTypeName()
                        + ": a claim is not read into that type; use String, Long, Boolean, Set<String>, Object, a"
                        + " JSON-P type (JsonValue, JsonString, JsonNumber, JsonObject, JsonArray, JsonStructure),"
                        + " an Optional of one of them, or ClaimValue<T> of one of them"));
    }

    /** The claim of the request's token, typed as {@link ClaimTypes#standard} types it; null without one. */
    private static Object claim(final SecurityContext security, final String name) {
        return security.getUserPrincipal() instanceof JwtPrincipal token ? token.getClaim(name) : null;
    }

    /**
     * One request's claim, as a {@code ClaimValue<T>} parameter gets it.
     *
     * @param name the claim's name
     * @param value its value, converted; null when the token lacks it
     */
    private record ClaimOf(String name, Object value) implements ClaimValue<Object> {

        @Override
        public String getName() {
            return name;
        }

        @Override
        public Object getValue() {
            return value;
        }

        @Override
        public String toString() {
            return "ClaimValue " + name;
        }
    }
}
