package org.jzenith.messaging.consumer;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.inject.Injector;
import io.smallrye.reactive.messaging.annotations.Broadcast;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Outgoing;
import org.jzenith.core.Validation;
import org.jzenith.messaging.emitter.ChannelEmitter;
import org.jzenith.messaging.producer.OutgoingMethod;
import org.jzenith.messaging.spi.Connector;
import org.jzenith.messaging.spi.NativeParameters;
import org.jzenith.messaging.spi.NativeParameters.ParameterReader;
import org.jzenith.messaging.spi.Payload;
import org.jzenith.messaging.spi.Returns;
import org.jzenith.messaging.spi.UnsupportedMessaging;
import org.jzenith.messaging.stream.ChannelStream;

/**
 * The application's consumer classes, for any connector: checked with the configuration ({@link
 * #validate}) and, once the connector runs, made into one {@link ConsumerChannel} per {@code @Incoming}
 * method ({@link #of}): the method made callable and wrapped by the inbox where it is {@code
 * @Idempotent}, its processor, and for a processor method the emitter its results go through.
 *
 * <pre>{@code
 * // validate(...)
 * Set<String> channels = ConsumerChannels.validate(consumers, emitters, registration, parameters, validation, origin);
 * // start(...)
 * for (ConsumerChannel channel : ConsumerChannels.of(consumers, injector, connector, validator, failed)) { ... }
 * }</pre>
 */
public final class ConsumerChannels {

    private static final java.lang.reflect.Method PUBLISH;
    private static final java.lang.invoke.MethodHandle PUBLISH_HANDLE;

    static {
        try {
            PUBLISH = ChannelStream.class.getMethod("publish", Object.class);
            PUBLISH_HANDLE = java.lang.invoke.MethodHandles.publicLookup()
                    .unreflect(PUBLISH)
                    .asType(java.lang.invoke.MethodType.methodType(Object.class, Object.class, Object.class));
        } catch (final ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ConsumerChannels() {}

    /**
     * Reports, as {@code origin}, classes without {@code @Incoming} or producer methods, methods
     * that cannot be called, channels consumed twice, and what of Reactive Messaging jZenith does not build;
     * returns every channel named: consumed, sent to by a processor, or an emitter's or a stream's.
     */
    public static TreeSet<String> validate(
            final List<Class<?>> consumers,
            final UnsupportedMessaging.Declared declared,
            final UnsupportedMessaging.Registration registration,
            final NativeParameters parameters,
            final Validation validation,
            final String origin) {
        return validate(consumers, declared, registration, parameters, validation, origin, channel -> true, true);
    }

    /**
     * As {@link #validate(List, UnsupportedMessaging.Declared, UnsupportedMessaging.Registration,
     * NativeParameters, Validation, String)}, for a connector that serves only some of the channels
     * ({@code serves}) of consumer classes it shares with others: the methods of its channels are
     * checked against its {@code parameters}, and what concerns whole classes (no method, a channel
     * consumed twice, what jZenith does not build) only where {@code classes}, so that one of the
     * connectors reports it once.
     */
    public static TreeSet<String> validate(
            final List<Class<?>> consumers,
            final UnsupportedMessaging.Declared declared,
            final UnsupportedMessaging.Registration registration,
            final NativeParameters parameters,
            final Validation validation,
            final String origin,
            final java.util.function.Predicate<String> serves,
            final boolean classes) {
        final Map<String, String> consumed = new LinkedHashMap<>();
        final TreeSet<String> named = new TreeSet<>(declared.emitters().keySet());
        named.addAll(declared.streams().keySet());
        for (final Class<?> consumer : consumers) {
            final List<IncomingMethod.Found> found = IncomingMethod.find(consumer, parameters);
            final List<OutgoingMethod.Found> producers = OutgoingMethod.find(consumer);
            if (classes && found.isEmpty() && producers.isEmpty()) {
                validation.problem(
                        consumer.getSimpleName(),
                        origin,
                        "has no method annotated @Incoming(\"channel\") or @Outgoing(\"channel\"); annotate the"
                                + " methods that consume or produce, or do not name the class");
            }
            for (final OutgoingMethod.Found producer : producers) {
                final String subject = OutgoingMethod.describe(consumer, producer.method());
                if (serves.test(producer.channel())) {
                    producer.problems().forEach(problem -> validation.problem(subject, origin, problem));
                }
                named.add(producer.channel());
            }
            if (classes) {
                UnsupportedMessaging.of(consumer, true, declared, registration)
                        .forEach(problem -> validation.problem(problem.subject(), origin, problem.message()));
            }
            for (final IncomingMethod.Found method : found) {
                final String subject = IncomingMethod.describe(consumer, method.method());
                if (serves.test(method.channel())) {
                    method.problems().forEach(problem -> validation.problem(subject, origin, problem));
                }
                method.outgoing().ifPresent(named::add);
                named.add(method.channel());
                final String previous = consumed.putIfAbsent(method.channel(), subject);
                // an emitter's @Broadcast is on its injection point: its binding checks it, and ChannelChoice
                // refuses several consumers of a broker's channel with an emitter
                if (classes
                        && previous != null
                        && !broadcast(consumers, method.channel())
                        && !declared.emitters().containsKey(method.channel())) {
                    validation.problem(
                            subject,
                            origin,
                            "consumes the channel '" + method.channel() + "', as " + previous
                                    + " does already; one method per channel, or several of an in-process channel"
                                    + " whose @Outgoing method or emitter has @Broadcast");
                }
            }
        }
        return named;
    }

    /**
     * Whether an {@code @Outgoing} method of {@code consumers} broadcasts {@code channel}: several methods
     * then consume it (in-process; start-up refuses {@code @Broadcast} on a broker's channel).
     */
    private static boolean broadcast(final List<Class<?>> consumers, final String channel) {
        for (final Class<?> consumer : consumers) {
            for (final java.lang.reflect.Method method : consumer.getDeclaredMethods()) {
                final Outgoing outgoing = method.getAnnotation(Outgoing.class);
                if (outgoing != null
                        && outgoing.value().equals(channel)
                        && method.isAnnotationPresent(Broadcast.class)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * A channel for every {@code @Incoming} method of {@code consumers} (made by {@code injector}, which
     * {@link #validate} found callable), processing through {@code connector}.
     *
     * @throws IllegalStateException when an {@code @Idempotent} method has no inbox to apply it once
     */
    public static List<ConsumerChannel> of(
            final List<Class<?>> consumers,
            final Injector injector,
            final Connector connector,
            final PayloadValidator validator,
            final FailedChannels failed) {
        return of(consumers, injector, connector, validator, failed, channel -> true);
    }

    /** As {@link #of(List, Injector, Connector, PayloadValidator, FailedChannels)}, for the methods of the channels {@code serves} only. */
    public static List<ConsumerChannel> of(
            final List<Class<?>> consumers,
            final Injector injector,
            final Connector connector,
            final PayloadValidator validator,
            final FailedChannels failed,
            final java.util.function.Predicate<String> serves) {
        final ObjectMapper json = Json.of(injector);
        final Vertx vertx = injector.getInstance(Vertx.class);
        final List<ConsumerChannel> channels = new ArrayList<>();
        for (final Class<?> type : consumers) {
            final List<IncomingMethod.Found> methods = IncomingMethod.find(type, connector.parameters()).stream()
                    .filter(found -> serves.test(found.channel()))
                    .toList();
            if (methods.isEmpty()) {
                continue;
            }
            final Object bean = injector.getInstance(type);
            for (final IncomingMethod.Found found : methods) {
                if (found.outgoing().isPresent() && StreamMethods.takesStream(found.method())) {
                    channels.add(StreamMethods.channel(type, found, bean, json, connector, validator, failed));
                    continue;
                }
                final IncomingMethod method =
                        InboxMethods.wrap(IncomingMethod.of(type, found, json, connector.parameters()), injector);
                final Optional<Emitter<Object>> forward = method.forward()
                        .map(out -> new ChannelEmitter<>(
                                out.channel(),
                                Payload.of(out.payload(), json).orElseThrow(),
                                connector.outbound(out.channel())));
                final CountDownLatch stopping = new CountDownLatch(1);
                final String channel = method.channel();
                channels.add(new ConsumerChannel(
                        channel,
                        method,
                        new MessageProcessor(
                                connector.policy(channel),
                                method,
                                bean,
                                validator,
                                connector.deadLetters(channel),
                                connector.meters(channel),
                                stopping,
                                connector.tracing(),
                                forward,
                                failed,
                                vertx),
                        stopping));
            }
        }
        return List.copyOf(channels);
    }

    /**
     * A channel for every declared stream ({@code streams}, each read as its payload type in {@code
     * types}): each record's payload read, validated and {@linkplain ChannelStream#publish handed} to
     * the stream's subscribers, with the channel's retries and failure strategy for what cannot be read.
     */
    public static List<ConsumerChannel> ofStreams(
            final Map<String, ChannelStream> streams,
            final Map<String, Class<?>> types,
            final Injector injector,
            final Connector connector,
            final PayloadValidator validator,
            final FailedChannels failed) {
        final ObjectMapper json = Json.of(injector);
        final List<ConsumerChannel> channels = new ArrayList<>();
        streams.forEach((channel, stream) -> {
            final IncomingMethod method = new IncomingMethod(
                    ChannelStream.class,
                    PUBLISH,
                    channel,
                    ParameterReader.of(Payload.of(types.get(channel), json).orElseThrow()),
                    Returns.PLAIN,
                    PUBLISH_HANDLE,
                    Optional.empty());
            final CountDownLatch stopping = new CountDownLatch(1);
            channels.add(new ConsumerChannel(
                    channel,
                    method,
                    new MessageProcessor(
                            connector.policy(channel),
                            method,
                            stream,
                            validator,
                            connector.deadLetters(channel),
                            connector.meters(channel),
                            stopping,
                            connector.tracing(),
                            Optional.empty(),
                            failed),
                    stopping));
        });
        return List.copyOf(channels);
    }
}
