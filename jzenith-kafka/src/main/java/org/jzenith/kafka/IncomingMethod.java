package org.jzenith.kafka;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * One {@code @Incoming} method of a consumer class, checked once at start-up: what it takes (a
 * payload, or the whole record), what it returns (a plain value, or a stage to wait for), and a
 * method handle to call it with (no reflection per record). Thread-safe once made.
 *
 * @param type the consumer class
 * @param method the method
 * @param channel the channel its {@code @Incoming} names
 * @param reader reads a record into the method's argument
 * @param returns how its result completes
 * @param handle calls it: {@code (Object bean, Object argument) -> Object}
 */
record IncomingMethod(
        Class<?> type, Method method, String channel, Reader reader, Returns returns, MethodHandle handle) {

    /** Reads a record into the argument the method takes. */
    interface Reader {
        Object read(ConsumerRecord<byte[], byte[]> record);

        /** The value to validate: the payload, or the whole record's value. */
        Object payload(Object argument);
    }

    /** The {@code @Incoming} methods of {@code type}, each with its problems (none when it can be called). */
    static List<Found> find(final Class<?> type) {
        final List<Found> found = new ArrayList<>();
        for (final Method method : type.getDeclaredMethods()) {
            final Incoming incoming = method.getAnnotation(Incoming.class);
            if (incoming != null) {
                found.add(new Found(method, incoming.value(), problems(method, incoming.value())));
            }
        }
        found.sort((a, b) -> a.method().getName().compareTo(b.method().getName()));
        return found;
    }

    /** An {@code @Incoming} method as found, and what is wrong with it. */
    record Found(Method method, String channel, List<String> problems) {}

    private static List<String> problems(final Method method, final String channel) {
        final List<String> problems = new ArrayList<>();
        if (channel.isBlank()) {
            problems.add("names no channel; write @Incoming(\"orders\")");
        }
        if (Modifier.isStatic(method.getModifiers())) {
            problems.add("is static; make it an instance method, the consumer object is made by Guice");
        }
        if (method.getParameterCount() != 1) {
            problems.add("takes " + method.getParameterCount()
                    + " parameters; take one: the payload (String, byte[], a JSON type) or the ConsumerRecord");
        } else {
            final Type parameter = method.getGenericParameterTypes()[0];
            if (parameter instanceof ParameterizedType record && record.getRawType() == ConsumerRecord.class) {
                for (final Type argument : record.getActualTypeArguments()) {
                    if (!(argument instanceof Class<?> || argument instanceof ParameterizedType)) {
                        problems.add("takes a ConsumerRecord of " + argument.getTypeName()
                                + "; name the key and value types, such as ConsumerRecord<String, Order>");
                    }
                }
            } else if (parameter == ConsumerRecord.class) {
                problems.add("takes a raw ConsumerRecord; name its key and value types, such as"
                        + " ConsumerRecord<String, Order>");
            } else if (!(parameter instanceof Class<?> || parameter instanceof ParameterizedType)) {
                problems.add("takes a " + parameter.getTypeName() + ", which cannot be read from a record;"
                        + " take String, byte[], a JSON type or a ConsumerRecord");
            }
        }
        Returns.of(method.getReturnType())
                .ifPresentOrElse(
                        returns -> {},
                        () -> problems.add("returns a " + method.getReturnType().getSimpleName()
                                + ", which jZenith cannot wait for; return nothing, a value,"
                                + " CompletionStage, Vert.x Future, or RxJava Single, Maybe or Completable"));
        return problems;
    }

    /** The method, made callable; {@link #find} found no problems with it. */
    static IncomingMethod of(final Class<?> type, final Found found, final ObjectMapper json) {
        final Method method = found.method();
        final Type parameter = method.getGenericParameterTypes()[0];
        final Reader reader;
        if (parameter instanceof ParameterizedType record && record.getRawType() == ConsumerRecord.class) {
            final Payload.Whole whole = new Payload.Whole(
                    Payload.of(record.getActualTypeArguments()[0], json).orElseThrow(),
                    Payload.of(record.getActualTypeArguments()[1], json).orElseThrow());
            reader = new Reader() {
                @Override
                public Object read(final ConsumerRecord<byte[], byte[]> consumed) {
                    return whole.read(consumed);
                }

                @Override
                public Object payload(final Object argument) {
                    return ((ConsumerRecord<?, ?>) argument).value();
                }
            };
        } else {
            final Payload payload = Payload.of(parameter, json).orElseThrow();
            reader = new Reader() {
                @Override
                public Object read(final ConsumerRecord<byte[], byte[]> consumed) {
                    return payload.read(consumed.value());
                }

                @Override
                public Object payload(final Object argument) {
                    return argument;
                }
            };
        }
        try {
            final MethodHandle handle = MethodHandles.privateLookupIn(type, MethodHandles.lookup())
                    .unreflect(method)
                    .asType(java.lang.invoke.MethodType.methodType(Object.class, Object.class, Object.class));
            return new IncomingMethod(
                    type,
                    method,
                    found.channel(),
                    reader,
                    Returns.of(method.getReturnType()).orElseThrow(),
                    handle);
        } catch (final IllegalAccessException e) {
            throw new IllegalStateException("cannot call " + describe(type, method) + ": " + e.getMessage(), e);
        }
    }

    /** {@code OrderEvents.onOrder}, for messages. */
    static String describe(final Class<?> type, final Method method) {
        return type.getSimpleName() + "." + method.getName();
    }

    /** {@code OrderEvents.onOrder}. */
    String describe() {
        return describe(type, method);
    }

    /** The name of the method's payload type, as a JSON reader or for logs. */
    Optional<String> payloadType() {
        return Optional.of(method.getGenericParameterTypes()[0].getTypeName());
    }
}
