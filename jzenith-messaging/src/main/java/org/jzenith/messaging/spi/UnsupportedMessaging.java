package org.jzenith.messaging.spi;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.eclipse.microprofile.reactive.messaging.Outgoing;
import org.jzenith.core.spi.execution.Execution;
import org.jzenith.core.spi.execution.ExecutionRule;
import org.jzenith.core.spi.execution.RxJavaTypes;

/**
 * Finds, in a class of the application, what it asks of MicroProfile Reactive Messaging (or of
 * SmallRye's additions to it) that jZenith does not do, each with what to do instead: annotations
 * such as {@code @Broadcast} and {@code @Merge}, and {@code @OnOverflow} anywhere but on an emitter, or
 * with a strategy jZenith does not build;
 * {@code @Outgoing} producer methods; {@code @Channel} injection points of anything but an
 * {@code Emitter<T>}, a {@code MutinyEmitter<T>} or a stream ({@code Multi<T>}, {@code Publisher<T>},
 * {@code Flowable<T>}) the plugin declares; and {@code @Incoming} methods of a class not
 * named as a consumer, which would never be called. Annotations are known by name, so SmallRye need not be on the class path. Looks at
 * the class's fields, constructors, methods and their parameters, and those of its superclasses.
 * The same for every connector, which says how its users register consumers and emitters ({@link
 * Registration}). Used at start-up only; stateless.
 *
 * <pre>{@code
 * UnsupportedMessaging.of(OrderEvents.class, true, Map.of("shipments", Shipment.class), registration)
 *         .forEach(problem -> validation.problem(problem.subject(), origin, problem.message()));
 * }</pre>
 */
public final class UnsupportedMessaging {

    private static final String MP = "org.eclipse.microprofile.reactive.messaging.";
    private static final String SMALLRYE = "io.smallrye.reactive.messaging.";

    /** The stream types a declared stream is injected as. */
    private static final Set<String> STREAM_TYPES = Set.of(
            "java.util.concurrent.Flow$Publisher",
            "org.reactivestreams.Publisher",
            "io.smallrye.mutiny.Multi",
            RxJavaTypes.FLOWABLE);

    /** What jZenith honours: the method model, and where a method runs (ExecutionRule, as for REST resources). */
    private static final Set<String> HONOURED = Set.of(
            MP + "Incoming",
            MP + "Outgoing",
            MP + "Acknowledgment", // checked per method shape by the consumer layer (Acknowledgements)
            MP + "Channel",
            MP + "OnOverflow", // checked where it is put (overflow)
            SMALLRYE + "annotations.Blocking", // without a pool's name or ordered = false (blockingAttributes)
            "io.smallrye.common.annotation.Blocking",
            "io.smallrye.common.annotation.RunOnVirtualThread",
            // Honoured on per-message @Incoming methods (the event loop), refused where it cannot be
            // (producers here, stream processors and @Idempotent methods with the method model).
            "io.smallrye.common.annotation.NonBlocking");

    private static Map<String, String> refused(final Registration registration) {
        return Map.of(
                SMALLRYE + "annotations.OnOverflow",
                "is SmallRye's old @OnOverflow: use org.eclipse.microprofile.reactive.messaging.OnOverflow",
                SMALLRYE + "annotations.Broadcast",
                "hands a channel's messages to several consumers, which jZenith does on the @Outgoing method or the"
                        + " @Channel emitter of an in-process channel only (InProcessPlugin): move @Broadcast to what"
                        + " sends to the channel, such as @Outgoing(\"prices\") @Broadcast Multi<Price> prices() or"
                        + " @Channel(\"prices\") @Broadcast Emitter<Price> prices",
                SMALLRYE + "annotations.Merge",
                "takes several upstreams of a channel, which jZenith does on the @Incoming method of an in-process"
                        + " channel only (InProcessPlugin): move @Merge to the method that consumes the channel",
                SMALLRYE + "annotations.Channel",
                "is SmallRye's old @Channel: use org.eclipse.microprofile.reactive.messaging.Channel",
                MP + "spi.Connector",
                "names a connector, which jZenith does not load: the plugin named in " + registration.consumers()
                        + " is the connector; remove @Connector");
    }

    /**
     * A member jZenith does not implement.
     *
     * @param subject the member, such as {@code QuoteResource.quotes}
     * @param message what is wrong and what to do instead
     */
    public record Problem(String subject, String message) {}

    /**
     * How a connector's users register what the messages name, for the advice in them.
     *
     * @param consumers the call that names consumer classes, such as {@code KafkaPlugin.withConsumers(...)}
     * @param emitter the call that declares a channel's emitter, such as {@code KafkaPlugin...withEmitter}
     * @param stream the call that declares a channel's stream, such as {@code KafkaPlugin...withStream}
     */
    public record Registration(String consumers, String emitter, String stream) {}

    /**
     * The channels a connector's plugin declares for injection, each with its payload type.
     *
     * @param emitters the channels with an {@code Emitter<T>}
     * @param streams the channels with a stream ({@code Multi<T>}, {@code Publisher<T>}, {@code Flowable<T>})
     */
    public record Declared(Map<String, Class<?>> emitters, Map<String, Class<?>> streams) {

        public Declared {
            emitters = Map.copyOf(emitters);
            streams = Map.copyOf(streams);
        }

        /** Emitters only. */
        public static Declared emitters(final Map<String, Class<?>> emitters) {
            return new Declared(emitters, Map.of());
        }
    }

    private UnsupportedMessaging() {}

    /**
     * What {@code type} asks for that jZenith does not do.
     *
     * @param consumer whether the class is named as a consumer, so its {@code @Incoming} methods are called
     * @param declared the channels with a declared emitter or stream, and the payload type of each
     * @param registration how the connector's users name consumers and emitters, for the advice
     */
    public static List<Problem> of(
            final Class<?> type, final boolean consumer, final Declared declared, final Registration registration) {
        final Map<String, String> refused = refused(registration);
        final List<Problem> problems = new ArrayList<>();
        for (Class<?> each = type;
                each != null && each != Object.class && !each.getName().startsWith("java.");
                each = each.getSuperclass()) {
            annotations(each, each.getSimpleName(), refused, problems);
            for (final Field field : each.getDeclaredFields()) {
                final String subject = each.getSimpleName() + "." + field.getName();
                annotations(field, subject, refused, problems);
                channel(field, field.getGenericType(), declared, registration)
                        .or(() -> overflow(field, field.getGenericType()))
                        .ifPresent(message -> problems.add(new Problem(subject, message)));
            }
            for (final Constructor<?> constructor : each.getDeclaredConstructors()) {
                placedOverflow(constructor, each.getSimpleName() + "'s constructor", problems);
                parameters(constructor, each.getSimpleName() + "'s constructor", declared, registration, problems);
            }
            for (final Method method : each.getDeclaredMethods()) {
                final String subject = each.getSimpleName() + "." + method.getName();
                annotations(method, subject, refused, problems);
                placedOverflow(method, subject, problems);
                parameters(method, subject, declared, registration, problems);
                methodProblem(method, consumer, each == type, registration)
                        .ifPresent(message -> problems.add(new Problem(subject, message)));
            }
        }
        return problems;
    }

    private static Optional<String> methodProblem(
            final Method method, final boolean consumer, final boolean own, final Registration registration) {
        final boolean incoming = method.isAnnotationPresent(Incoming.class);
        if (method.isAnnotationPresent(Outgoing.class)
                && !incoming
                && consumer
                && own
                && ExecutionRule.of(false, method, method.getDeclaringClass()) == Execution.EVENT_LOOP) {
            return Optional.of("is an @Outgoing producer method with @NonBlocking (on the method or its class), which"
                    + " asks for the event loop per message; jZenith calls a producer once, when its channel"
                    + " starts, and sends what its stream emits: remove @NonBlocking (from the class: put it on"
                    + " the @Incoming methods that take one payload)");
        }
        if (method.isAnnotationPresent(Outgoing.class) && !incoming && (!consumer || !own)) {
            return Optional.of("is an @Outgoing producer method that jZenith would never call: "
                    + (own
                            ? "name " + method.getDeclaringClass().getSimpleName() + " in " + registration.consumers()
                            : "it is inherited; declare it in the class named in " + registration.consumers())
                    + ", or send through an injected @Channel(\""
                    + method.getAnnotation(Outgoing.class).value()
                    + "\") Emitter");
        }
        if (incoming && (!consumer || !own)) {
            return Optional.of("has @Incoming(\""
                    + method.getAnnotation(Incoming.class).value()
                    + "\") but jZenith would never call it: "
                    + (own
                            ? "name " + method.getDeclaringClass().getSimpleName() + " in " + registration.consumers()
                            : "it is inherited; declare the consumer method in the class named in "
                                    + registration.consumers()));
        }
        return Optional.empty();
    }

    private static void parameters(
            final Executable executable,
            final String subject,
            final Declared declared,
            final Registration registration,
            final List<Problem> problems) {
        final Type[] types = executable.getGenericParameterTypes();
        final java.lang.reflect.Parameter[] parameters = executable.getParameters();
        // Inner classes' constructors have a parameter the generic types leave out.
        final int offset = parameters.length - types.length;
        for (int i = offset; i < parameters.length; i++) {
            final String which = subject + " (parameter " + (i - offset + 1) + ")";
            annotations(parameters[i], which, refused(registration), problems);
            final Type parameterType = types[i - offset];
            final java.lang.reflect.Parameter parameter = parameters[i];
            channel(parameter, parameterType, declared, registration)
                    .or(() -> overflow(parameter, parameterType))
                    .ifPresent(message -> problems.add(new Problem(which, message)));
        }
    }

    private static void annotations(
            final AnnotatedElement element,
            final String subject,
            final Map<String, String> refusedNames,
            final List<Problem> problems) {
        for (final Annotation annotation : element.getDeclaredAnnotations()) {
            final String name = annotation.annotationType().getName();
            if (name.equals(SMALLRYE + "annotations.Blocking")) {
                blockingAttributes(annotation).ifPresent(message -> problems.add(new Problem(subject, message)));
                continue;
            }
            if (HONOURED.contains(name) || inProcessPlacement(element, name)) {
                continue;
            }
            final String refused = refusedNames.get(name);
            if (refused != null) {
                problems.add(new Problem(
                        subject, "has @" + annotation.annotationType().getSimpleName() + ", which " + refused));
            } else if (name.startsWith(MP) || name.startsWith(SMALLRYE)) {
                problems.add(new Problem(
                        subject,
                        "has @" + annotation.annotationType().getSimpleName() + " ("
                                + name + "), which jZenith does not implement; remove it (see docs/messaging.md, \"Not"
                                + " built yet\")"));
            }
        }
    }

    /**
     * What SmallRye's {@code @Blocking} asks beyond a thread that may block, which jZenith does not do: a
     * named worker pool ({@code @Blocking("pool")}; every blocking method runs on a virtual thread of its
     * own) or {@code ordered = false} (a partition's or queue's messages go one after the other, in order).
     * Its attributes are read by name, as the annotation itself is known.
     */
    private static Optional<String> blockingAttributes(final Annotation blocking) {
        final Object pool = attribute(blocking, "value");
        final Object ordered = attribute(blocking, "ordered");
        if (!java.util.Objects.equals(pool, defaultOf(blocking, "value"))) {
            return Optional.of("has @Blocking(\"" + pool + "\"), a named worker pool, which jZenith does not have:"
                    + " a blocking method runs on a virtual thread of its own; remove the pool's name");
        }
        if (Boolean.FALSE.equals(ordered)) {
            return Optional.of("has @Blocking(ordered = false), which jZenith does not do: a channel's messages of"
                    + " one partition or queue are processed one after the other, in order, and partitions in"
                    + " parallel (the connector's concurrency setting); remove ordered = false");
        }
        return Optional.empty();
    }

    private static Object attribute(final Annotation annotation, final String name) {
        try {
            return annotation.annotationType().getMethod(name).invoke(annotation);
        } catch (final ReflectiveOperationException e) {
            return null; // not an attribute of this version of the annotation: nothing asked
        }
    }

    private static Object defaultOf(final Annotation annotation, final String name) {
        try {
            return annotation.annotationType().getMethod(name).getDefaultValue();
        } catch (final NoSuchMethodException e) {
            return null;
        }
    }

    /**
     * Whether {@code annotation} is {@code @Broadcast} on an {@code @Outgoing} method or a {@code @Channel}
     * emitter, or {@code @Merge} on an {@code @Incoming} method, where in-process channels honour them;
     * start-up refuses them on a broker's channel ({@link ChannelChoice} for methods, the emitter's binding
     * for emitters).
     */
    private static boolean inProcessPlacement(final AnnotatedElement element, final String annotation) {
        if (annotation.equals(SMALLRYE + "annotations.Broadcast") && emitter(element)) {
            // the emitter's binding refuses it on a channel a broker serves (ChannelEmitters)
            return true;
        }
        return element instanceof Method method
                && ((annotation.equals(SMALLRYE + "annotations.Broadcast")
                                && method.isAnnotationPresent(Outgoing.class))
                        || (annotation.equals(SMALLRYE + "annotations.Merge")
                                && method.isAnnotationPresent(Incoming.class)));
    }

    /** Whether {@code element} is a {@code @Channel} field or parameter of an {@code Emitter} or {@code MutinyEmitter}. */
    private static boolean emitter(final AnnotatedElement element) {
        final Class<?> type;
        if (element instanceof Field field) {
            type = field.getType();
        } else if (element instanceof java.lang.reflect.Parameter parameter) {
            type = parameter.getType();
        } else {
            return false;
        }
        return element.isAnnotationPresent(Channel.class)
                && (type.getName().equals(MP + "Emitter") || type.getName().equals(SMALLRYE + "MutinyEmitter"));
    }

    /** {@code @OnOverflow} on a method or constructor, which bounds nothing there. */
    private static void placedOverflow(
            final Executable executable, final String subject, final List<Problem> problems) {
        if (executable.isAnnotationPresent(OnOverflow.class)) {
            problems.add(new Problem(
                    subject,
                    "has @OnOverflow, which bounds an emitter: put it on the @Channel Emitter<T> field or parameter"));
        }
    }

    /**
     * What is wrong with an {@code @OnOverflow} on {@code element} of {@code type}: it bounds a {@code
     * @Channel} emitter and nothing else, and some strategies jZenith does not build ({@link
     * EmitterOverflow#problem}); empty when there is none or it is fine.
     */
    static Optional<String> overflow(final AnnotatedElement element, final Type type) {
        final OnOverflow annotation = element.getAnnotation(OnOverflow.class);
        if (annotation == null) {
            return Optional.empty();
        }
        final Class<?> raw = Returns.raw(type);
        if (!element.isAnnotationPresent(Channel.class)
                || (raw != Emitter.class && !raw.getName().equals(SMALLRYE + "MutinyEmitter"))) {
            return Optional.of("has @OnOverflow, which bounds a @Channel Emitter<T> or MutinyEmitter<T> and nothing"
                    + " else; remove it, or put it on such an injection point");
        }
        return EmitterOverflow.problem(annotation);
    }

    /** What is wrong with a {@code @Channel} injection point of {@code type}; empty when it is none or fine. */
    public static Optional<String> channel(
            final AnnotatedElement element, final Type type, final Declared declared, final Registration registration) {
        final Channel channel = element.getAnnotation(Channel.class);
        if (channel == null) {
            return Optional.empty();
        }
        final Class<?> raw = Returns.raw(type);
        final String name = channel.value();
        if (Streams.isStream(raw)) {
            return stream(element, type, raw, name, declared, registration);
        }
        if (raw != Emitter.class && !raw.getName().equals(SMALLRYE + "MutinyEmitter")) {
            return Optional.of("is a " + type.getTypeName() + " with @Channel(\"" + name
                    + "\"); jZenith injects @Channel only as an Emitter<T> or a MutinyEmitter<T>");
        }
        if (element instanceof Field field && Modifier.isStatic(field.getModifiers())) {
            return Optional.of("is a static @Channel field, which Guice does not inject; make it an instance field");
        }
        if (element instanceof Field field && Modifier.isFinal(field.getModifiers())) {
            return Optional.of("is a final @Channel field, which cannot be injected; remove final, or take the"
                    + " emitter as a constructor parameter");
        }
        final Class<?> emitted = declared.emitters().get(name);
        final String kind = raw.getSimpleName();
        final Type payload = type instanceof ParameterizedType emitter ? emitter.getActualTypeArguments()[0] : null;
        if (!(payload instanceof Class<?>)) {
            return Optional.of("is an " + type.getTypeName() + " with @Channel(\"" + name
                    + "\"), whose payload type is not a class; name it, such as " + kind + "<"
                    + (emitted == null ? "Quote" : emitted.getSimpleName()) + ">");
        }
        if (emitted == null) {
            return Optional.of("is @Channel(\"" + name + "\") " + kind + "<" + ((Class<?>) payload).getSimpleName()
                    + ">, but the channel has no emitter; declare it with " + registration.emitter() + "(\"" + name
                    + "\", " + ((Class<?>) payload).getSimpleName() + ".class)");
        }
        if (emitted != payload) {
            return Optional.of("is @Channel(\"" + name + "\") " + kind + "<" + ((Class<?>) payload).getSimpleName()
                    + ">, but the channel's emitter sends " + emitted.getSimpleName()
                    + " (" + registration.emitter() + "); inject " + kind + "<" + emitted.getSimpleName()
                    + "> or declare the emitter with " + ((Class<?>) payload).getSimpleName() + ".class");
        }
        return Optional.empty();
    }

    /** What is wrong with a {@code @Channel} stream injection point; empty when the plugin declares the stream. */
    private static Optional<String> stream(
            final AnnotatedElement element,
            final Type type,
            final Class<?> raw,
            final String name,
            final Declared declared,
            final Registration registration) {
        final Class<?> streamed = declared.streams().get(name);
        final Type payload = type instanceof ParameterizedType stream ? stream.getActualTypeArguments()[0] : null;
        final String payloadName = payload instanceof Class<?> known ? known.getSimpleName() : "Quote";
        if (!STREAM_TYPES.contains(raw.getName())) {
            return Optional.of("is a " + raw.getSimpleName() + " fed by the channel '" + name
                    + "', a stream type jZenith does not inject; inject @Channel(\"" + name + "\") Multi<"
                    + payloadName + ">, Publisher<" + payloadName + "> (Reactive Streams' or the JDK's) or Flowable<"
                    + payloadName + ">");
        }
        if (streamed == null) {
            return Optional.of("is @Channel(\"" + name + "\") " + raw.getSimpleName() + "<" + payloadName
                    + ">, but the channel has no stream; declare it with " + registration.stream() + "(\"" + name
                    + "\", " + payloadName + ".class), or consume the channel with an @Incoming(\"" + name
                    + "\") method of a class named in " + registration.consumers());
        }
        if (payload != streamed) {
            return Optional.of("is @Channel(\"" + name + "\") " + raw.getSimpleName() + "<" + payloadName
                    + ">, but the channel's stream carries " + streamed.getSimpleName() + " (" + registration.stream()
                    + "); inject " + raw.getSimpleName() + "<" + streamed.getSimpleName() + ">");
        }
        if (element instanceof Field field
                && (Modifier.isStatic(field.getModifiers()) || Modifier.isFinal(field.getModifiers()))) {
            return Optional.of("is a static or final @Channel field, which cannot be injected; make it an instance"
                    + " field that is not final");
        }
        return Optional.empty();
    }
}
