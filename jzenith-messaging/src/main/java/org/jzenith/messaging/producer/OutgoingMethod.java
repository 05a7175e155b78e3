package org.jzenith.messaging.producer;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Outgoing;
import org.jzenith.core.spi.execution.RxJavaTypes;
import org.jzenith.messaging.spi.Returns;

/**
 * One {@code @Outgoing} method without {@code @Incoming} of a class named to a connector: a producer
 * whose returned stream ({@code Multi<T>}, {@code Publisher<T>} of Reactive Streams or the JDK, or
 * {@code Flowable<T>}) is sent to the channel, one message per item. Checked once at start-up; called
 * once, when the connector starts. Thread-safe once made.
 *
 * <pre>{@code
 * @Outgoing("prices")
 * public Multi<Double> generate() {
 *     return Multi.createFrom().ticks().every(Duration.ofSeconds(1)).map(tick -> random.nextDouble());
 * }
 * }</pre>
 *
 * @param type the class that declares it
 * @param method the method
 * @param channel the channel its {@code @Outgoing} names
 * @param payload the type of the stream's items
 * @param handle calls it: {@code (Object bean) -> Object}
 */
public record OutgoingMethod(Class<?> type, Method method, String channel, Type payload, MethodHandle handle) {

    /** The stream types a producer may return, by name, so that none of their libraries need be there. */
    static final Set<String> STREAMS = Set.of(
            "io.smallrye.mutiny.Multi",
            "org.reactivestreams.Publisher",
            "java.util.concurrent.Flow$Publisher",
            RxJavaTypes.FLOWABLE);

    /**
     * An {@code @Outgoing} method as found, and what is wrong with it.
     *
     * @param method the method
     * @param channel the channel it names
     * @param problems what stops it from being called; empty when it can be
     */
    public record Found(Method method, String channel, List<String> problems) {}

    /** The producer methods of {@code type} (with {@code @Outgoing}, without {@code @Incoming}), each with its problems. */
    public static List<Found> find(final Class<?> type) {
        final List<Found> found = new ArrayList<>();
        for (final Method method : type.getDeclaredMethods()) {
            final Outgoing outgoing = method.getAnnotation(Outgoing.class);
            if (outgoing != null && !method.isAnnotationPresent(Incoming.class)) {
                found.add(new Found(method, outgoing.value(), problems(method, outgoing.value())));
            }
        }
        found.sort((a, b) -> a.method().getName().compareTo(b.method().getName()));
        return found;
    }

    private static List<String> problems(final Method method, final String channel) {
        final List<String> problems = new ArrayList<>();
        if (channel.isBlank()) {
            problems.add("names no channel; write @Outgoing(\"prices\")");
        }
        if (Modifier.isStatic(method.getModifiers())) {
            problems.add("is static; make it an instance method, the object is made by Guice");
        }
        if (method.getParameterCount() != 0) {
            problems.add("is an @Outgoing producer with " + method.getParameterCount()
                    + " parameters; a producer takes none (it is called once, at start-up)");
        }
        final Class<?> returned = method.getReturnType();
        if (!STREAMS.contains(returned.getName())) {
            problems.add("is an @Outgoing producer returning "
                    + method.getGenericReturnType().getTypeName()
                    + ", which jZenith does not send from; return a Multi, Publisher or Flowable of the payloads"
                    + " (one message each), or send through an injected @Channel Emitter");
            return problems;
        }
        payloadOf(method.getGenericReturnType())
                .ifPresentOrElse(
                        payload -> {
                            if (Returns.raw(payload) == Message.class) {
                                problems.add("produces Message objects, which jZenith does not send from a stream;"
                                        + " produce the payloads");
                            }
                        },
                        () -> problems.add(
                                "returns " + method.getGenericReturnType().getTypeName()
                                        + ", whose item type is not named; name it, such as Multi<Price>"));
        return problems;
    }

    private static Optional<Type> payloadOf(final Type stream) {
        if (stream instanceof ParameterizedType parameterized) {
            final Type item = parameterized.getActualTypeArguments()[0];
            if (item instanceof Class<?> || item instanceof ParameterizedType) {
                return Optional.of(item);
            }
        }
        return Optional.empty();
    }

    /** The method, made callable; {@link #find} found no problems with it. */
    public static OutgoingMethod of(final Class<?> type, final Found found) {
        try {
            final MethodHandle handle = MethodHandles.privateLookupIn(type, MethodHandles.lookup())
                    .unreflect(found.method())
                    .asType(MethodType.methodType(Object.class, Object.class));
            return new OutgoingMethod(
                    type,
                    found.method(),
                    found.channel(),
                    payloadOf(found.method().getGenericReturnType()).orElseThrow(),
                    handle);
        } catch (final IllegalAccessException e) {
            throw new IllegalStateException("cannot call " + describe(type, found.method()) + ": " + e.getMessage(), e);
        }
    }

    /** {@code PriceGenerator.generate}, for messages. */
    public static String describe(final Class<?> type, final Method method) {
        return type.getSimpleName() + "." + method.getName();
    }

    /** {@code PriceGenerator.generate}. */
    public String describe() {
        return describe(type, method);
    }
}
