package org.jzenith.messaging.emitter;

import com.google.inject.Key;
import com.google.inject.MembersInjector;
import com.google.inject.Provider;
import com.google.inject.TypeLiteral;
import com.google.inject.spi.Message;
import com.google.inject.spi.TypeEncounter;
import com.google.inject.spi.TypeListener;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.messaging.spi.EmitterOverflow;
import org.jzenith.messaging.spi.UnsupportedMessaging;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sees every class Guice makes or injects (resources, the application's bindings, consumers) as the
 * injector is created, and
 *
 * <ul>
 *   <li>injects {@code @Channel("name") Emitter<T>} fields that have no {@code @Inject}, as SmallRye and
 *       Quarkus do, with the emitter the plugin declares for the channel (through Guice's members
 *       injection: once per object made, nothing per message);
 *   <li>refuses, in Guice's one report of what cannot be wired, what such a class asks of Reactive
 *       Messaging that jZenith does not do ({@link UnsupportedMessaging}). Consumer classes named to
 *       the plugin were checked already with the configuration;
 *   <li>bounds the emitter of an {@code @OnOverflow @Channel} injection point ({@link EmitterOverflow}),
 *       and refuses two different bounds for one channel.
 * </ul>
 *
 * <p>Used by Guice while the injector is created; the injectors it registers are thread-safe.
 */
public final class ChannelFields implements TypeListener {

    private static final Logger LOG = LoggerFactory.getLogger(ChannelFields.class);

    private final UnsupportedMessaging.Declared declared;
    private final Set<Class<?>> consumers;
    private final UnsupportedMessaging.Registration registration;
    /** The first {@code @OnOverflow} seen per channel, so that a different second one is refused. */
    private final java.util.concurrent.ConcurrentHashMap<String, EmitterOverflow> overflows =
            new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Listens for classes that use the {@code emitters} (channel to payload type) a connector declares;
     * the {@code consumers} named to it were checked with the configuration, and {@code registration}
     * says how its users name consumers and emitters.
     */
    public ChannelFields(
            final UnsupportedMessaging.Declared declared,
            final List<Class<?>> consumers,
            final UnsupportedMessaging.Registration registration) {
        this.declared = declared;
        this.consumers = Set.copyOf(consumers);
        this.registration = registration;
    }

    @Override
    public <I> void hear(final TypeLiteral<I> literal, final TypeEncounter<I> encounter) {
        final Class<? super I> type = literal.getRawType();
        if (type.isArray() || type.isPrimitive() || type.isInterface() || library(type.getName())) {
            return;
        }
        try {
            if (!consumers.contains(type)) {
                UnsupportedMessaging.of(type, false, declared, registration)
                        .forEach(problem ->
                                encounter.addError(new Message(problem.subject() + " " + problem.message())));
            }
            for (Class<?> each = type;
                    each != null && each != Object.class && !library(each.getName());
                    each = each.getSuperclass()) {
                for (final Field field : each.getDeclaredFields()) {
                    if (uninjected(field)) {
                        inject(field, encounter);
                    }
                    overflow(field, each.getSimpleName() + "." + field.getName(), encounter);
                }
                for (final java.lang.reflect.Constructor<?> constructor : each.getDeclaredConstructors()) {
                    overflows(constructor, each.getSimpleName() + "'s constructor", encounter);
                }
                for (final java.lang.reflect.Method method : each.getDeclaredMethods()) {
                    overflows(method, each.getSimpleName() + "." + method.getName(), encounter);
                }
            }
        } catch (final LinkageError e) {
            // A class whose members name a library the application does not have: it declares no
            // channel that could work either, and Guice reports it if it is ever made.
            LOG.debug("Not looking for @Channel members in {}: {}", type.getName(), e.toString());
        }
    }

    private <I> void overflows(
            final java.lang.reflect.Executable executable, final String subject, final TypeEncounter<I> encounter) {
        final java.lang.reflect.Parameter[] parameters = executable.getParameters();
        for (int i = 0; i < parameters.length; i++) {
            overflow(parameters[i], subject + " (parameter " + (i + 1) + ")", encounter);
        }
    }

    /**
     * Bounds the emitter of an {@code @OnOverflow @Channel} injection point of this connector's, once the
     * object it is injected into is made; a second, different bound for the same channel is refused here,
     * at start-up. What is wrong with the annotation itself {@link UnsupportedMessaging} reports.
     */
    private <I> void overflow(
            final java.lang.reflect.AnnotatedElement element, final String subject, final TypeEncounter<I> encounter) {
        final OnOverflow annotation = element.getAnnotation(OnOverflow.class);
        final Channel channel = element.getAnnotation(Channel.class);
        if (annotation == null
                || channel == null
                || !declared.emitters().containsKey(channel.value())
                || EmitterOverflow.problem(annotation).isPresent()) {
            return;
        }
        final EmitterOverflow wanted = EmitterOverflow.of(annotation, subject);
        final EmitterOverflow first = overflows.putIfAbsent(channel.value(), wanted);
        if (first != null && (first.strategy() != wanted.strategy() || first.bound() != wanted.bound())) {
            encounter.addError(new Message(subject + " has " + wanted.describe().replace(" on " + subject, "")
                    + ", but " + first.describe() + " for the same channel '" + channel.value()
                    + "'; a channel has one emitter: declare the same @OnOverflow on both, or on one only"));
            return;
        }
        @SuppressWarnings("unchecked")
        final Provider<Object> emitter = (Provider<Object>) encounter.getProvider(Key.get(
                com.google.inject.util.Types.newParameterizedType(
                        org.eclipse.microprofile.reactive.messaging.Emitter.class,
                        declared.emitters().get(channel.value())),
                new ChannelLiteral(channel.value())));
        encounter.register((com.google.inject.spi.InjectionListener<I>) instance -> {
            if (emitter.get() instanceof ChannelEmitter<?> bounded) {
                bounded.bound(wanted);
            }
        });
    }

    private static boolean library(final String name) {
        return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("com.google.inject.");
    }

    /** A {@code @Channel Emitter<T>} field Guice itself does not inject, and that can be injected. */
    private boolean uninjected(final Field field) {
        return field.isAnnotationPresent(Channel.class)
                && !field.isAnnotationPresent(jakarta.inject.Inject.class)
                && !field.isAnnotationPresent(com.google.inject.Inject.class)
                && UnsupportedMessaging.channel(field, field.getGenericType(), declared, registration)
                        .isEmpty();
    }

    private <I> void inject(final Field field, final TypeEncounter<I> encounter) {
        final String channel = field.getAnnotation(Channel.class).value();
        final Provider<?> emitter = encounter.getProvider(Key.get(field.getGenericType(), new ChannelLiteral(channel)));
        final VarHandle handle;
        try {
            handle = MethodHandles.privateLookupIn(field.getDeclaringClass(), MethodHandles.lookup())
                    .unreflectVarHandle(field);
        } catch (final IllegalAccessException | RuntimeException e) {
            encounter.addError(new Message(field.getDeclaringClass().getSimpleName() + "." + field.getName()
                    + " is a @Channel(\"" + channel + "\") field jZenith cannot set (" + e.getMessage()
                    + "); open its package to jZenith, or add @Inject"));
            return;
        }
        encounter.register((MembersInjector<I>) instance -> handle.set(instance, emitter.get()));
        LOG.debug(
                "Injecting @Channel(\"{}\") into {}.{}",
                channel,
                field.getDeclaringClass().getName(),
                field.getName());
    }
}
