package org.jzenith.messaging.consumer;

import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import org.eclipse.microprofile.reactive.messaging.Acknowledgment;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jzenith.core.spi.execution.Execution;
import org.jzenith.core.spi.execution.ExecutionRule;
import org.jzenith.core.spi.execution.RxJavaTypes;
import org.jzenith.messaging.Idempotent;
import org.jzenith.messaging.emitter.ChannelEmitter;
import org.jzenith.messaging.spi.Connector;
import org.jzenith.messaging.spi.NativeParameters.ParameterReader;
import org.jzenith.messaging.spi.Payload;
import org.jzenith.messaging.spi.Returns;
import org.jzenith.messaging.spi.Streams;

/**
 * Stream processors, as SmallRye users write them: an {@code @Incoming @Outgoing} method that takes
 * the channel's stream and returns the stream to send, called once when the channel starts ({@link
 * StreamProcessor} runs it). Taken and returned as Mutiny's {@code Multi}, Reactive Streams' or the
 * JDK's {@code Publisher}, or RxJava's {@code Flowable}, of payloads or of {@code Message}s on either
 * side. Mutiny, Reactive Streams and RxJava are touched only for methods that name them. Stateless.
 *
 * <pre>{@code
 * @Incoming("quote-requests")
 * @Outgoing("quotes")
 * public Multi<Quote> process(Multi<String> requests) {
 *     return requests.map(id -> new Quote(id, random.nextInt(100)));
 * }
 * }</pre>
 */
public final class StreamMethods {

    /** How many items a stream processor sends before the broker confirmed them. */
    static final int WINDOW = 256;

    private static final String MULTI = "io.smallrye.mutiny.Multi";
    private static final String RS_PUBLISHER = "org.reactivestreams.Publisher";
    private static final Set<String> SUPPORTED =
            Set.of(MULTI, RS_PUBLISHER, Flow.Publisher.class.getName(), RxJavaTypes.FLOWABLE);

    private static final MethodHandle OFFER;

    static {
        try {
            OFFER = MethodHandles.publicLookup()
                    .findVirtual(StreamProcessor.class, "offer", MethodType.methodType(void.class, Object.class))
                    .asType(MethodType.methodType(Object.class, Object.class, Object.class));
        } catch (final ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private StreamMethods() {}

    /** Whether {@code method} (with {@code @Incoming} and {@code @Outgoing}) takes a stream, so is a stream processor. */
    public static boolean takesStream(final Method method) {
        return method.getParameterCount() == 1 && Streams.isStream(method.getParameterTypes()[0]);
    }

    /** What is wrong with the stream processor {@code method}; empty when it can be run. */
    public static List<String> problems(final Method method, final String outgoing) {
        final List<String> problems = new ArrayList<>();
        final Type taken = method.getGenericParameterTypes()[0];
        final Type returned = method.getGenericReturnType();
        final String advice = "; take and return Multi, Publisher (Reactive Streams' or the JDK's) or Flowable, of"
                + " payloads or of Message<T>, such as Multi<Quote> process(Multi<String> in)";
        if (!SUPPORTED.contains(Returns.raw(taken).getName())) {
            problems.add(
                    "takes a " + Returns.raw(taken).getSimpleName() + ", a stream type jZenith does not feed" + advice);
        }
        if (!SUPPORTED.contains(Returns.raw(returned).getName())) {
            problems.add("takes a stream but returns " + returned.getTypeName() + ", which jZenith does not send from"
                    + advice);
        }
        if (!problems.isEmpty()) {
            return problems;
        }
        final Optional<Type> in = element(taken);
        final Optional<Type> out = element(returned);
        if (in.flatMap(StreamMethods::payload).isEmpty()) {
            problems.add("takes a " + taken.getTypeName() + ", whose payload type is not named; name it, such as"
                    + " Multi<Quote> or Multi<Message<Quote>>");
        }
        if (out.flatMap(StreamMethods::payload).isEmpty()) {
            problems.add("returns a " + returned.getTypeName() + ", whose payload type is not named; name it, such as"
                    + " Multi<Quote> or Multi<Message<Quote>>");
        }
        if (ExecutionRule.of(false, method, method.getDeclaringClass()) == Execution.EVENT_LOOP) {
            problems.add("is @NonBlocking (on the method or its class) but transforms a stream: jZenith calls it"
                    + " once, at start-up, and hands its stream each message on the channel's virtual thread;"
                    + " remove @NonBlocking (from the class: put it on the methods that take one payload)");
        }
        if (method.isAnnotationPresent(Idempotent.class)) {
            problems.add("is @Idempotent and transforms a stream, whose results the inbox cannot apply once; remove"
                    + " @Idempotent, or take one payload per call");
        }
        if (method.isAnnotationPresent(Acknowledgment.class)) {
            problems.add("has @Acknowledgment on a stream processor, whose messages are acknowledged as their"
                    + " results are sent (payload streams) or by your ack()/nack() (Message streams); remove"
                    + " @Acknowledgment");
        }
        if (Modifier.isStatic(method.getModifiers())) {
            problems.add("is static; make it an instance method, the consumer object is made by Guice");
        }
        return problems;
    }

    /**
     * The channel of the stream processor {@code found}: its method called once, with the incoming stream,
     * and what it returns subscribed to and sent to its {@code @Outgoing} channel through {@code connector}.
     */
    public static ConsumerChannel channel(
            final Class<?> type,
            final IncomingMethod.Found found,
            final Object bean,
            final ObjectMapper json,
            final Connector connector,
            final PayloadValidator validator,
            final FailedChannels failed) {
        final Method method = found.method();
        final Type in = element(method.getGenericParameterTypes()[0]).orElseThrow();
        final Type out = element(method.getGenericReturnType()).orElseThrow();
        final Type outPayload = payload(out).orElseThrow();
        final String outgoing = found.outgoing().orElseThrow();
        final CountDownLatch stopping = new CountDownLatch(1);
        final StreamProcessor stream = new StreamProcessor(
                found.channel(),
                IncomingMethod.describe(type, method),
                isMessage(in),
                isMessage(out),
                new ChannelEmitter<>(
                        outgoing, Payload.of(outPayload, json).orElseThrow(), connector.outbound(outgoing)),
                WINDOW,
                stopping,
                failed);
        final IncomingMethod incoming = new IncomingMethod(
                type,
                method,
                found.channel(),
                ParameterReader.of(Payload.of(payload(in).orElseThrow(), json).orElseThrow()),
                Returns.PLAIN,
                OFFER,
                Optional.of(new IncomingMethod.Forward(outgoing, outPayload)),
                true, // each message reaches the stream with its ack and nack
                Acknowledgment.Strategy.MANUAL,
                // Offered to the stream on the processing thread: its operators see each message there.
                Execution.VIRTUAL_THREAD);
        stream.start(returned(method, bean, stream));
        return new ConsumerChannel(
                found.channel(),
                incoming,
                new MessageProcessor(
                        connector.policy(found.channel()),
                        incoming,
                        stream,
                        validator,
                        connector.deadLetters(found.channel()),
                        connector.meters(found.channel()),
                        stopping,
                        connector.tracing(),
                        Optional.empty(),
                        failed),
                stopping);
    }

    /** Calls the method once with {@code stream} as the type it takes, and what it returns as a JDK publisher. */
    private static Flow.Publisher<?> returned(final Method method, final Object bean, final StreamProcessor stream) {
        final Object result;
        try {
            result = MethodHandles.privateLookupIn(method.getDeclaringClass(), MethodHandles.lookup())
                    .unreflect(method)
                    .invoke(bean, taken(method.getParameterTypes()[0], stream));
        } catch (final RuntimeException | Error e) {
            throw e;
        } catch (final Throwable e) {
            throw new IllegalStateException(
                    "cannot call " + IncomingMethod.describe(method.getDeclaringClass(), method) + ": " + e, e);
        }
        if (result == null) {
            throw new IllegalStateException(IncomingMethod.describe(method.getDeclaringClass(), method)
                    + " returned null instead of the stream to send; return a stream");
        }
        return asFlow(result);
    }

    private static Object taken(final Class<?> type, final StreamProcessor stream) {
        return switch (type.getName()) {
            case MULTI -> Mutiny.multi(stream);
            case RS_PUBLISHER -> Rs.publisher(stream);
            case RxJavaTypes.FLOWABLE -> Rx.flowable(stream);
            default -> stream;
        };
    }

    private static Flow.Publisher<?> asFlow(final Object returned) {
        if (returned instanceof Flow.Publisher<?> flow) {
            return flow; // Mutiny's Multi is one
        }
        return Rs.flow(returned); // a Reactive Streams Publisher, RxJava's Flowable among them
    }

    /** {@code T} of a stream type {@code S<T>}. */
    static Optional<Type> element(final Type stream) {
        if (stream instanceof ParameterizedType parameterized && parameterized.getActualTypeArguments().length == 1) {
            final Type element = parameterized.getActualTypeArguments()[0];
            if (element instanceof Class<?> || element instanceof ParameterizedType) {
                return Optional.of(element);
            }
        }
        return Optional.empty();
    }

    private static boolean isMessage(final Type element) {
        return Returns.raw(element) == Message.class;
    }

    /** The payload type of a stream's element: {@code T} of {@code Message<T>}, else the element. */
    private static Optional<Type> payload(final Type element) {
        return isMessage(element) ? element(element) : Optional.of(element);
    }

    /** Touches Mutiny only for methods that take a Multi. */
    private static final class Mutiny {
        static Object multi(final StreamProcessor stream) {
            return io.smallrye.mutiny.Multi.createFrom().publisher(stream);
        }
    }

    /** Touches Reactive Streams only for methods that name it. */
    private static final class Rs {
        static Object publisher(final StreamProcessor stream) {
            return org.reactivestreams.FlowAdapters.toPublisher(stream);
        }

        static Flow.Publisher<?> flow(final Object returned) {
            return org.reactivestreams.FlowAdapters.toFlowPublisher((org.reactivestreams.Publisher<?>) returned);
        }
    }

    /** Touches RxJava only for methods that take a Flowable. */
    private static final class Rx {
        static Object flowable(final StreamProcessor stream) {
            return io.reactivex.rxjava3.core.Flowable.fromPublisher(
                    org.reactivestreams.FlowAdapters.toPublisher(stream));
        }
    }
}
