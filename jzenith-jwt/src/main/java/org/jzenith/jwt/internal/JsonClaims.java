package org.jzenith.jwt.internal;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Claims as JSON-P values ({@code JsonValue}, {@code JsonString}, {@code JsonNumber}, {@code
 * JsonObject}, {@code JsonArray}, {@code JsonStructure}), as MicroProfile JWT 2.1 injects them, made
 * with Parsson (the REST plugin's JSON-P implementation). Loaded only when a {@code @Claim} field or
 * parameter declares such a type. A claim of another kind (a string for a {@code JsonObject}) is
 * null, as a missing claim is.
 */
final class JsonClaims {

    private static final JsonProvider JSON = JsonProvider.provider();

    private JsonClaims() {}

    /** The conversion to {@code type}, a JSON-P type; empty for another. */
    static Optional<Function<Object, Object>> conversionTo(final Class<?> type) {
        if (type != JsonValue.class
                && type != JsonString.class
                && type != JsonNumber.class
                && type != JsonObject.class
                && type != JsonArray.class
                && type != JsonStructure.class) {
            return Optional.empty();
        }
        return Optional.of(value -> {
            if (value == null) {
                return null;
            }
            final JsonValue json = toJson(value);
            return type.isInstance(json) ? json : null;
        });
    }

    /** A value of {@code type} for Guice to inject before {@code ClaimFields} puts the claim in its place. */
    static Object standIn(final Class<?> type) {
        if (type == JsonString.class) {
            return JSON.createValue("");
        }
        if (type == JsonNumber.class) {
            return JSON.createValue(0L);
        }
        if (type == JsonArray.class) {
            return JsonValue.EMPTY_JSON_ARRAY;
        }
        return type == JsonValue.class ? JsonValue.NULL : JsonValue.EMPTY_JSON_OBJECT;
    }

    /** {@code value}, as the JSON parser gave it (maps, lists, strings, numbers, booleans), as JSON-P. */
    static JsonValue toJson(final Object value) {
        return switch (value) {
            case null -> JsonValue.NULL;
            case JsonValue json -> json;
            case String text -> JSON.createValue(text);
            case Boolean bool -> bool ? JsonValue.TRUE : JsonValue.FALSE;
            case Integer number -> JSON.createValue(number.longValue());
            case Long number -> JSON.createValue(number);
            case BigInteger number -> JSON.createValue(number);
            case BigDecimal number -> JSON.createValue(number);
            case Number number -> JSON.createValue(number.doubleValue());
            case io.vertx.core.json.JsonObject object -> toJson(object.getMap());
            case io.vertx.core.json.JsonArray array -> toJson(array.getList());
            case Map<?, ?> map -> {
                final JsonObjectBuilder object = JSON.createObjectBuilder();
                map.forEach((key, member) -> object.add(String.valueOf(key), toJson(member)));
                yield object.build();
            }
            case Collection<?> list -> {
                final JsonArrayBuilder array = JSON.createArrayBuilder();
                list.forEach(element -> array.add(toJson(element)));
                yield array.build();
            }
            default -> JSON.createValue(String.valueOf(value));
        };
    }
}
