package org.jzenith.messaging.consumer;

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
import org.eclipse.microprofile.reactive.messaging.Acknowledgment;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Outgoing;
import org.jzenith.core.spi.execution.Execution;
import org.jzenith.core.spi.execution.ExecutionRule;
import org.jzenith.messaging.Idempotent;
import org.jzenith.messaging.spi.NativeParameters;
import org.jzenith.messaging.spi.NativeParameters.ParameterReader;
import org.jzenith.messaging.spi.Payload;
import org.jzenith.messaging.spi.Returns;
import org.jzenith.messaging.spi.Streams;

/**
 * One {@code @Incoming} method of a consumer class, checked once at start-up: what it takes (a
 * payload, or a type of the connector's own such as Kafka's whole record), what it returns (a plain value, or a stage to wait for), where its
 * result goes when it also has {@code @Outgoing} (a processor), and a method handle to call it with
 * (no reflection per record). Thread-safe once made.
 *
 * @param type the consumer class
 * @param method the method
 * @param channel the channel its {@code @Incoming} names
 * @param reader reads a message into the method's argument
 * @param returns how its result completes
 * @param handle calls it: {@code (Object bean, Object argument) -> Object}
 * @param forward where its results are sent, for a processor
 * @param takesMessage whether it takes a {@code Message<T>}: the reader then reads its payload, which the
 *     processor hands over in a message with the connector's metadata and its own ack and nack
 * @param acknowledgment when its messages are acknowledged ({@link Acknowledgements})
 * @param execution where it is called ({@link ExecutionRule}, as for REST resources): on the channel's
 *     Vert.x event loop ({@code EVENT_LOOP}: it returns a reactive type, or has {@code @NonBlocking}), else
 *     on the channel's processing virtual thread ({@code @Blocking} too: messaging has no worker pool)
 */
public record IncomingMethod(
        Class<?> type,
        Method method,
        String channel,
        ParameterReader reader,
        Returns returns,
        MethodHandle handle,
        Optional<Forward> forward,
        boolean takesMessage,
        Acknowledgment.Strategy acknowledgment,
        Execution execution) {

    /** A method that takes its payload and is acknowledged once done ({@code POST_PROCESSING}). */
    public IncomingMethod(
            final Class<?> type,
            final Method method,
            final String channel,
            final ParameterReader reader,
            final Returns returns,
            final MethodHandle handle,
            final Optional<Forward> forward) {
        this(
                type,
                method,
                channel,
                reader,
                returns,
                handle,
                forward,
                false,
                Acknowledgment.Strategy.POST_PROCESSING,
                Execution.VIRTUAL_THREAD);
    }

    /** Whether it is called on the channel's event loop, not on its processing virtual thread. */
    public boolean onEventLoop() {
        return execution == Execution.EVENT_LOOP;
    }

    /** This method calling {@code other} instead: the inbox's wrapper. */
    public IncomingMethod withHandle(final MethodHandle other) {
        return new IncomingMethod(
                type, method, channel, reader, returns, other, forward, takesMessage, acknowledgment, execution);
    }

    /**
     * The {@code @Outgoing} side of a processor: the channel its results are sent to, and the type
     * they are written as ({@code T} of what it returns, also inside a {@code Message<T>}).
     */
    public record Forward(String channel, Type payload) {}

    /** The {@code @Incoming} methods of {@code type}, each with its problems (none when it can be called). */
    public static List<Found> find(final Class<?> type, final NativeParameters parameters) {
        final List<Found> found = new ArrayList<>();
        for (final Method method : type.getDeclaredMethods()) {
            final Incoming incoming = method.getAnnotation(Incoming.class);
            if (incoming != null) {
                final Optional<String> outgoing = Optional.ofNullable(method.getAnnotation(Outgoing.class))
                        .map(Outgoing::value);
                found.add(new Found(
                        method, incoming.value(), outgoing, problems(method, incoming.value(), outgoing, parameters)));
            }
        }
        found.sort((a, b) -> a.method().getName().compareTo(b.method().getName()));
        return found;
    }

    /**
     * An {@code @Incoming} method as found, and what is wrong with it.
     *
     * @param outgoing the channel its {@code @Outgoing} names, for a processor
     */
    public record Found(Method method, String channel, Optional<String> outgoing, List<String> problems) {}

    private static List<String> problems(
            final Method method,
            final String channel,
            final Optional<String> outgoing,
            final NativeParameters parameters) {
        final List<String> problems = new ArrayList<>();
        if (channel.isBlank()) {
            problems.add("names no channel; write @Incoming(\"orders\")");
        }
        if (outgoing.isPresent() && StreamMethods.takesStream(method)) {
            problems.addAll(outgoingProblems(method, channel, outgoing.get()));
            problems.addAll(StreamMethods.problems(method, outgoing.get()));
            StreamMethods.element(method.getGenericParameterTypes()[0])
                    .filter(parameters::handles)
                    .ifPresent(element -> problems.add("takes a stream of " + element.getTypeName()
                            + ", a type of the connector's that a stream does not carry; take a stream of payloads, or"
                            + " of Message<T>, whose metadata holds the connector's (see docs/messaging.md)"));
            return problems;
        }
        outgoing.ifPresent(out -> problems.addAll(processorProblems(method, channel, out)));
        if (Modifier.isStatic(method.getModifiers())) {
            problems.add("is static; make it an instance method, the consumer object is made by Guice");
        }
        if (method.getParameterCount() != 1) {
            problems.add("takes " + method.getParameterCount()
                    + " parameters; take one: the payload (String, byte[], a JSON type)" + parameters.advice());
        } else {
            final Type parameter = method.getGenericParameterTypes()[0];
            final Optional<String> client = BrokerClientTypes.of(parameter);
            if (parameters.handles(parameter)) {
                problems.addAll(parameters.problems(parameter));
            } else if (Returns.raw(parameter) == Message.class) {
                if (messagePayload(parameter).isEmpty()) {
                    problems.add("takes a " + parameter.getTypeName() + ", whose payload type is not named; name"
                            + " it, such as Message<Order>");
                }
                if (method.isAnnotationPresent(Idempotent.class)) {
                    problems.add("is @Idempotent and takes a Message: the inbox applies a message once and"
                            + " acknowledges it itself; take the payload");
                }
            } else if (client.isPresent()) {
                problems.add("takes a " + parameter.getTypeName() + ", a type of " + client.get()
                        + " that the connector of channel '" + channel
                        + "' does not hand to methods; take the payload (String, byte[], a JSON type)"
                        + parameters.advice() + ", or a Message<T>, whose metadata holds what the connector"
                        + " reads from the broker's message (see docs/messaging.md)");
            } else if (Streams.isStream(Returns.raw(parameter))) {
                problems.add("takes a " + Returns.raw(parameter).getSimpleName() + ", a stream of messages, but has"
                        + " no @Outgoing: add @Outgoing(\"results\") and return the stream to send (a stream"
                        + " processor), or take one payload: the method is called once per message");
            } else if (!(parameter instanceof Class<?> || parameter instanceof ParameterizedType)) {
                problems.add("takes a " + parameter.getTypeName() + ", which cannot be read from a message;"
                        + " take String, byte[], a JSON type" + parameters.advice());
            }
        }
        Acknowledgements.problem(method).ifPresent(problems::add);
        if (method.isAnnotationPresent(Idempotent.class)
                && ExecutionRule.of(false, method, method.getDeclaringClass()) == Execution.EVENT_LOOP) {
            problems.add("is @Idempotent and @NonBlocking (on the method or its class): the inbox's transaction"
                    + " blocks, which an event loop must not; remove @NonBlocking, the method then runs on a"
                    + " virtual thread");
        }
        Returns.of(method.getReturnType())
                .ifPresentOrElse(
                        returns -> {},
                        () -> problems.add("returns a " + method.getReturnType().getSimpleName()
                                + Streams.advice(method.getReturnType())));
        return problems;
    }

    /** What is wrong with a method that has {@code @Incoming} and {@code @Outgoing}. */
    private static List<String> processorProblems(final Method method, final String channel, final String outgoing) {
        final List<String> problems = outgoingProblems(method, channel, outgoing);
        if (method.isAnnotationPresent(Idempotent.class)) {
            problems.add("has an @Outgoing that names no channel; write @Outgoing(\"quotes\")");
        } else if (outgoing.equals(channel)) {
            problems.add("reads and writes the channel '" + channel
                    + "', which would send its results back to itself; name another @Outgoing channel");
        }
        return problems;
    }

    /** What is wrong with the channels a processor's {@code @Incoming} and {@code @Outgoing} name. */
    private static List<String> outgoingProblems(final Method method, final String channel, final String outgoing) {
        final List<String> problems = new ArrayList<>();
        if (outgoing.isBlank()) {
            problems.add("is @Idempotent and has @Outgoing: its result would be sent outside the inbox's"
                    + " transaction; remove @Outgoing and send with the outbox in the method");
        }
        Returns.of(method.getReturnType()).ifPresent(returns -> {
            final Optional<Type> yields = returns.yields(method.getGenericReturnType());
            if (yields.isEmpty()) {
                problems.add("has @Outgoing(\"" + outgoing + "\") but returns "
                        + method.getGenericReturnType().getTypeName()
                        + ", which yields no payload to send; return the payload (a String, byte[], a JSON type,"
                        + " or a Message of one), or a CompletionStage, Vert.x Future, RxJava Single or Maybe"
                        + " of it");
            } else if (payloadOf(yields.get()).isEmpty()) {
                problems.add("has @Outgoing(\"" + outgoing + "\") but yields a "
                        + yields.get().getTypeName() + ", whose payload type is not named; name it, such as"
                        + " Message<Quote>");
            }
        });
        return problems;
    }

    /** {@code T} of a {@code Message<T>} parameter, when it is a type a payload can be read as. */
    static Optional<Type> messagePayload(final Type parameter) {
        if (parameter instanceof ParameterizedType message) {
            final Type payload = message.getActualTypeArguments()[0];
            if (payload instanceof Class<?> || payload instanceof ParameterizedType) {
                return Optional.of(payload);
            }
        }
        return Optional.empty();
    }

    /** The payload type of a processor's result type: {@code T} of {@code Message<T>}, else the type. */
    private static Optional<Type> payloadOf(final Type yields) {
        if (Returns.raw(yields) != Message.class) {
            return Optional.of(yields);
        }
        if (yields instanceof ParameterizedType message) {
            final Type payload = message.getActualTypeArguments()[0];
            if (payload instanceof Class<?> || payload instanceof ParameterizedType) {
                return Optional.of(payload);
            }
        }
        return Optional.empty();
    }

    /** The method, made callable; {@link #find} found no problems with it. */
    public static IncomingMethod of(
            final Class<?> type, final Found found, final ObjectMapper json, final NativeParameters parameters) {
        final Method method = found.method();
        final Type parameter = method.getGenericParameterTypes()[0];
        final boolean takesMessage = Returns.raw(parameter) == Message.class;
        final ParameterReader reader = parameters.handles(parameter)
                ? parameters.reader(parameter, json)
                : ParameterReader.of(
                        Payload.of(takesMessage ? messagePayload(parameter).orElseThrow() : parameter, json)
                                .orElseThrow());
        try {
            final MethodHandle handle = MethodHandles.privateLookupIn(type, MethodHandles.lookup())
                    .unreflect(method)
                    .asType(java.lang.invoke.MethodType.methodType(Object.class, Object.class, Object.class));
            final Returns returns = Returns.of(method.getReturnType()).orElseThrow();
            final Optional<Forward> forward = found.outgoing()
                    .map(out -> new Forward(
                            out,
                            payloadOf(returns.yields(method.getGenericReturnType())
                                            .orElseThrow())
                                    .orElseThrow()));
            return new IncomingMethod(
                    type,
                    method,
                    found.channel(),
                    reader,
                    returns,
                    handle,
                    forward,
                    takesMessage,
                    Acknowledgements.of(method),
                    execution(type, method, returns));
        } catch (final IllegalAccessException e) {
            throw new IllegalStateException("cannot call " + describe(type, method) + ": " + e.getMessage(), e);
        }
    }

    /**
     * Where a per-message method is called: the rule REST resources follow ({@link ExecutionRule}), with
     * the method's annotation before its class's. {@code @Blocking} asks for a worker, and a message's
     * processing virtual thread is where messaging blocks.
     */
    static Execution execution(final Class<?> type, final Method method, final Returns returns) {
        final Execution execution = ExecutionRule.of(returns != Returns.PLAIN, method, type);
        return execution == Execution.WORKER ? Execution.VIRTUAL_THREAD : execution;
    }

    /** {@code OrderEvents.onOrder}, for messages. */
    public static String describe(final Class<?> type, final Method method) {
        return type.getSimpleName() + "." + method.getName();
    }

    /** {@code OrderEvents.onOrder}. */
    public String describe() {
        return describe(type, method);
    }

    /** The name of the method's payload type, as a JSON reader or for logs. */
    Optional<String> payloadType() {
        return Optional.of(method.getGenericParameterTypes()[0].getTypeName());
    }
}
