package org.jzenith.messaging.spi;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.Type;
import java.util.List;

/**
 * The parameter types a connector hands to {@code @Incoming} methods besides the payload: the broker's
 * own message, such as Kafka's {@code ConsumerRecord<K, V>} with its key, headers and position. The
 * messaging layer reads payloads ({@code String}, {@code byte[]}, a JSON type) itself and asks the
 * connector about every other parameter type. Used at start-up; stateless.
 */
public interface NativeParameters {

    /** No parameter types of the connector's own. */
    NativeParameters NONE = new NativeParameters() {
        @Override
        public boolean handles(final Type parameter) {
            return false;
        }

        @Override
        public List<String> problems(final Type parameter) {
            return List.of();
        }

        @Override
        public ParameterReader reader(final Type parameter, final ObjectMapper json) {
            throw new IllegalArgumentException(parameter.getTypeName() + " is no parameter of this connector");
        }

        @Override
        public String advice() {
            return "";
        }
    };

    /** Whether {@code parameter} is a type of the connector's (maybe a wrong use of it: see {@link #problems}). */
    boolean handles(Type parameter);

    /** What is wrong with a parameter of a type the connector {@link #handles}; empty when it can be read. */
    List<String> problems(Type parameter);

    /** Reads a parameter the connector {@link #handles} without {@link #problems}, its parts with {@code json}. */
    ParameterReader reader(Type parameter, ObjectMapper json);

    /** The connector's types for the start-up advice, such as {@code " or a ConsumerRecord<K, V>"}; may be empty. */
    String advice();

    /** Reads a message into the argument a method takes. Thread-safe. */
    interface ParameterReader {

        /** The argument; a {@link PayloadException} when the message cannot be read into it. */
        Object read(InboundMessage message);

        /** The value to validate with Bean Validation: the payload the argument holds. */
        Object payload(Object argument);

        /** The reader of a payload parameter, read with {@code payload}. */
        static ParameterReader of(final Payload payload) {
            return new ParameterReader() {
                @Override
                public Object read(final InboundMessage message) {
                    return payload.read(message.payload());
                }

                @Override
                public Object payload(final Object argument) {
                    return argument;
                }
            };
        }
    }
}
