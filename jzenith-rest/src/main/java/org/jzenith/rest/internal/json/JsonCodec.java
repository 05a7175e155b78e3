package org.jzenith.rest.internal.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Type;

/**
 * The JSON mapper of the REST plugin: Jackson with Blackbird (generated accessors instead of
 * reflection), java.time and Optional support, ISO dates, and unknown properties ignored as most
 * clients expect, and scalars read strictly unless {@code rest.json.coerce-scalars} says otherwise.
 * Readers and writers are made per type at start-up and reused.
 *
 * <p>Thread-safe.
 */
public final class JsonCodec {

    private final ObjectMapper mapper;

    private JsonCodec(final ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** The codec that reads JSON strictly: a scalar of one kind is never read as another. */
    public static JsonCodec create() {
        return create(false);
    }

    /**
     * The codec of the REST plugin; {@code coerceScalars} ({@code rest.json.coerce-scalars}) lets
     * Jackson read a scalar of one kind as another, as it does by default: {@code 5} as the string
     * {@code "5"}, {@code "5"} as a number, {@code 5.7} as the whole number 5, {@code "true"} as a
     * boolean. Off, such a body is refused, since the client sent something other than the API says.
     */
    public static JsonCodec create(final boolean coerceScalars) {
        final JsonMapper.Builder builder = JsonMapper.builder()
                .addModule(new BlackbirdModule())
                .addModule(new JavaTimeModule())
                .addModule(new Jdk8Module())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                // A field sent twice is refused: which one counts differs between parsers (a record of one
                // field failed, of two took the last), and two readers of one body must not disagree.
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
        if (!coerceScalars) {
            builder.disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                    .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                    // An enum is named, not numbered: 1 is not the second constant.
                    .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                    .withCoercionConfig(LogicalType.Textual, strings -> strings.setCoercion(
                                    CoercionInputShape.Integer, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                    .withCoercionConfig(LogicalType.Integer, integers -> integers.setCoercion(
                                    CoercionInputShape.String, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                    .withCoercionConfig(LogicalType.Float, floats -> floats.setCoercion(
                                    CoercionInputShape.String, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                    .withCoercionConfig(LogicalType.Boolean, booleans -> booleans.setCoercion(
                                    CoercionInputShape.String, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Float, CoercionAction.Fail));
        }
        return new JsonCodec(builder.build());
    }

    /**
     * The codec over the application's own mapper, from a Jakarta REST {@code
     * ContextResolver<ObjectMapper>}: used as it is, with the features and modules the application
     * chose.
     */
    public static JsonCodec of(final ObjectMapper mapper) {
        return new JsonCodec(mapper);
    }

    public ObjectMapper mapper() {
        return mapper;
    }

    public ObjectReader readerFor(final Type type) {
        final JavaType javaType = mapper.getTypeFactory().constructType(type);
        // A body is one JSON value: what follows it is a client's mistake (or a smuggled second
        // document), not something to ignore.
        return mapper.readerFor(javaType).with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    /**
     * {@code value} as JSON in a Vert.x buffer, written there directly (see {@link BufferOutputStream}).
     *
     * @throws JsonProcessingException when Jackson cannot serialize the value
     */
    public static Buffer write(final ObjectWriter writer, final Object value) throws JsonProcessingException {
        final BufferOutputStream body = new BufferOutputStream();
        try {
            writer.writeValue(body, value);
        } catch (final JsonProcessingException e) {
            throw e;
        } catch (final IOException e) {
            throw new UncheckedIOException("Writing JSON to memory failed", e);
        }
        return body.buffer();
    }

    public ObjectWriter writerFor(final Type type) {
        final JavaType javaType = mapper.getTypeFactory().constructType(type);
        return javaType.isFinal() || javaType.isRecordType()
                ? mapper.writerFor(javaType)
                : mapper.writer(); // let Jackson see the runtime subtype, as users expect of polymorphic results
    }
}
