package org.jzenith.messaging.spi;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * How a message's payload (or a Kafka record's key) turns into what a method takes, and a value into bytes to send: text
 * as UTF-8, bytes as they are, anything else as JSON through the application's {@link ObjectMapper}.
 * Decided once per method at start-up, from its declared type. Thread-safe.
 *
 * <pre>{@code
 * Payload orders = Payload.of(Order.class, json).orElseThrow();
 * Order order = (Order) orders.read(bytes);            // a PayloadException when they are no Order
 * }</pre>
 */
public sealed interface Payload {

    /** The value {@code bytes} stand for; a {@link PayloadException} when they cannot be read. */
    Object read(byte[] bytes);

    /** The bytes that stand for {@code value}. */
    byte[] write(Object value);

    /** The declared type, for messages. */
    String describe();

    /**
     * The payload for the declared {@code type}: {@code String}, {@code byte[]}, or a JSON type;
     * empty for what cannot be read from JSON (a raw type variable).
     */
    public static Optional<Payload> of(final Type type, final ObjectMapper json) {
        if (type == String.class) {
            return Optional.of(new Text());
        }
        if (type == byte[].class) {
            return Optional.of(new Bytes());
        }
        if (type instanceof Class<?> || type instanceof ParameterizedType) {
            return Optional.of(new Json(json, json.constructType(type)));
        }
        return Optional.empty();
    }

    /** UTF-8 text. */
    record Text() implements Payload {
        @Override
        public Object read(final byte[] bytes) {
            return bytes == null ? "" : new String(bytes, StandardCharsets.UTF_8);
        }

        @Override
        public byte[] write(final Object value) {
            return value.toString().getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String describe() {
            return "String";
        }
    }

    /** The bytes as they are. */
    record Bytes() implements Payload {
        @Override
        public Object read(final byte[] bytes) {
            return bytes == null ? new byte[0] : bytes;
        }

        @Override
        public byte[] write(final Object value) {
            return (byte[]) value;
        }

        @Override
        public String describe() {
            return "byte[]";
        }
    }

    /** A JSON document read into, or written from, {@code type}. */
    record Json(ObjectMapper mapper, JavaType type) implements Payload {
        @Override
        public Object read(final byte[] bytes) {
            if (bytes == null || bytes.length == 0) {
                throw new PayloadException("the message has no payload, where a JSON " + describe() + " was expected");
            }
            try {
                final Object value = mapper.readValue(bytes, type);
                if (value == null) {
                    throw new PayloadException(
                            "the message's payload is JSON null, where a " + describe() + " was expected");
                }
                return value;
            } catch (final IOException e) {
                // Jackson's message quotes the input; only its kind and position are kept, never the payload.
                throw new PayloadException("the message's payload is not a JSON " + describe() + " ("
                        + e.getClass().getSimpleName() + ")");
            }
        }

        @Override
        public byte[] write(final Object value) {
            try {
                return mapper.writeValueAsBytes(value);
            } catch (final IOException e) {
                throw new PayloadException("cannot write a " + value.getClass().getSimpleName() + " as JSON: "
                        + e.getClass().getSimpleName());
            }
        }

        @Override
        public String describe() {
            return type.getRawClass().getSimpleName();
        }
    }
}
