package org.jzenith.jwt.internal;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.eclipse.microprofile.jwt.Claims;

/**
 * Claims as Java values: the standard claims typed as MicroProfile JWT types them, and the
 * conversion to the type of a {@code @Claim} injection point, chosen once at start-up.
 */
public final class ClaimTypes {

    private ClaimTypes() {}

    /**
     * {@code value} (as the JSON parser gave it) typed as MicroProfile JWT types the standard claim
     * {@code name}: {@code Long} for times, {@code Set<String>} for {@code groups}, {@code aud} and
     * {@code amr}; other claims as they are. Null stays null.
     */
    public static Object standard(final String name, final Object value) {
        if (value == null) {
            return null;
        }
        final Claims claim = standardClaim(name);
        if (claim.getType() == Long.class && value instanceof Number number) {
            return number.longValue();
        }
        if (claim.getType() == Set.class) {
            return strings(value);
        }
        if (value instanceof Integer number) {
            return number.longValue(); // JSON integers are Long, as MicroProfile JWT's JsonNumber would be read
        }
        return value;
    }

    private static Claims standardClaim(final String name) {
        for (final Claims claim : Claims.values()) {
            if (claim.name().equals(name)) {
                return claim;
            }
        }
        return Claims.UNKNOWN;
    }

    private static Set<String> strings(final Object value) {
        final Set<String> strings = new LinkedHashSet<>();
        if (value instanceof Collection<?> values) {
            values.forEach(element -> strings.add(String.valueOf(element)));
        } else {
            strings.add(String.valueOf(value));
        }
        return Set.copyOf(strings);
    }

    /**
     * The conversion of a claim's value (already {@link #standard}, null when absent) to {@code
     * type}: {@code String}, {@code Long}/{@code long}, {@code Boolean}/{@code boolean}, {@code
     * Set<String>}, {@code Object}, a JSON-P type ({@code JsonValue}, {@code JsonString}, {@code
     * JsonNumber}, {@code JsonObject}, {@code JsonArray}, {@code JsonStructure}), or an {@code
     * Optional} of one of them; empty for another type.
     */
    public static Optional<Function<Object, Object>> conversionTo(final Type type) {
        if (type instanceof ParameterizedType parameterized && parameterized.getRawType() == Optional.class) {
            return conversionTo(parameterized.getActualTypeArguments()[0])
                    .map(inner -> value -> Optional.ofNullable(inner.apply(value)));
        }
        if (type == String.class) {
            return Optional.of(value -> value == null ? null : String.valueOf(value));
        }
        if (type == Long.class || type == long.class) {
            return Optional.of(value -> value instanceof Number number ? (Object) number.longValue() : null);
        }
        if (type == Boolean.class || type == boolean.class) {
            return Optional.of(value -> value instanceof Boolean bool ? bool : null);
        }
        if (type == Object.class) {
            return Optional.of(value -> value);
        }
        // By name, so that JSON-P and Parsson load only where a claim is declared as one of theirs.
        if (type instanceof Class<?> json && json.getName().startsWith("jakarta.json.")) {
            return JsonClaims.conversionTo(json);
        }
        if (type instanceof ParameterizedType parameterized
                && parameterized.getRawType() == Set.class
                && parameterized.getActualTypeArguments()[0] == String.class) {
            return Optional.of(value -> value == null ? null : strings(value));
        }
        return Optional.empty();
    }
}
