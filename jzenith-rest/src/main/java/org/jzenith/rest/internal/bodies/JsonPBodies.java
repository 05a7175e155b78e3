package org.jzenith.rest.internal.bodies;

import jakarta.json.JsonException;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParsingException;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.MessageBodyWriter;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Map;

/**
 * JSON-P bodies: {@code JsonObject}, {@code JsonArray}, {@code JsonStructure}, {@code JsonValue}
 * (and {@code JsonString}, {@code JsonNumber}) read and written as JSON by Parsson, as Jersey and
 * RESTEasy do out of the box. Made only when an endpoint takes or returns such a type, so that other
 * applications load neither JSON-P nor Parsson; asked after the application's own readers and writers.
 * Thread-safe.
 */
@Consumes({MediaType.APPLICATION_JSON, "text/json"})
@Produces({MediaType.APPLICATION_JSON, "text/json"})
public final class JsonPBodies implements MessageBodyReader<JsonValue>, MessageBodyWriter<JsonValue> {

    /** What a body's JSON is called in a 400, by the Java type a parameter asks for. */
    private static final Map<String, String> EXPECTED = Map.of(
            "jakarta.json.JsonObject", "a JSON object",
            "jakarta.json.JsonArray", "a JSON array",
            "jakarta.json.JsonStructure", "a JSON object or array",
            "jakarta.json.JsonString", "a JSON string",
            "jakarta.json.JsonNumber", "a JSON number");

    // Found once: JsonProvider.provider() looks the implementation up on every call.
    private final JsonProvider json = JsonProvider.provider();

    @Override
    public boolean isReadable(
            final Class<?> type, final Type generic, final Annotation[] annotations, final MediaType mediaType) {
        return JsonValue.class.isAssignableFrom(type);
    }

    @Override
    public JsonValue readFrom(
            final Class<JsonValue> type,
            final Type generic,
            final Annotation[] annotations,
            final MediaType mediaType,
            final MultivaluedMap<String, String> headers,
            final InputStream entity) {
        final JsonValue value;
        try (var reader = json.createReader(entity)) {
            value = reader.readValue();
        } catch (final JsonParsingException e) {
            throw new BadRequestException(
                    "The body is not valid JSON at line " + e.getLocation().getLineNumber() + ", column "
                            + e.getLocation().getColumnNumber());
        } catch (final JsonException e) {
            throw new BadRequestException("The body is not valid JSON");
        }
        if (!type.isInstance(value)) {
            throw new BadRequestException("The body is " + describe(value) + ", but this resource takes "
                    + EXPECTED.getOrDefault(type.getName(), "other JSON"));
        }
        return value;
    }

    private static String describe(final JsonValue value) {
        return switch (value.getValueType()) {
            case OBJECT -> "a JSON object";
            case ARRAY -> "a JSON array";
            case STRING -> "a JSON string";
            case NUMBER -> "a JSON number";
            case TRUE, FALSE -> "a JSON boolean";
            case NULL -> "JSON null";
        };
    }

    @Override
    public boolean isWriteable(
            final Class<?> type, final Type generic, final Annotation[] annotations, final MediaType mediaType) {
        return JsonValue.class.isAssignableFrom(type);
    }

    @Override
    public void writeTo(
            final JsonValue value,
            final Class<?> type,
            final Type generic,
            final Annotation[] annotations,
            final MediaType mediaType,
            final MultivaluedMap<String, Object> headers,
            final OutputStream out) {
        try (var writer = json.createWriter(out)) {
            writer.write(value);
        }
    }
}
