package org.jzenith.messaging.emitter;

import com.google.inject.TypeLiteral;
import com.google.inject.spi.Message;
import com.google.inject.spi.TypeEncounter;
import com.google.inject.spi.TypeListener;
import io.smallrye.reactive.messaging.annotations.Broadcast;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.util.Optional;
import org.eclipse.microprofile.reactive.messaging.Channel;

/**
 * Checks each {@code @Channel} emitter injection point of one channel in the classes Guice makes against
 * the rule of the plugin that serves the channel ({@link EmitterFanOut}): refuses, in Guice's report at
 * start-up, {@code @Broadcast} where the channel cannot honour it and its absence where it must. Used
 * while the injector is created; stateless.
 */
final class EmitterBroadcasts implements TypeListener {

    private final String channel;
    private final EmitterFanOut fanOut;

    EmitterBroadcasts(final String channel, final EmitterFanOut fanOut) {
        this.channel = channel;
        this.fanOut = fanOut;
    }

    @Override
    public <I> void hear(final TypeLiteral<I> literal, final TypeEncounter<I> encounter) {
        final Class<? super I> type = literal.getRawType();
        if (type.isArray() || type.isPrimitive() || type.isInterface()) {
            return;
        }
        try {
            for (Class<?> each = type;
                    each != null && each != Object.class && !library(each.getName());
                    each = each.getSuperclass()) {
                for (final Field field : each.getDeclaredFields()) {
                    check(field, field.getType(), each.getSimpleName() + "." + field.getName(), encounter);
                }
                for (final java.lang.reflect.Constructor<?> constructor : each.getDeclaredConstructors()) {
                    parameters(constructor, each.getSimpleName() + "'s constructor", encounter);
                }
                for (final java.lang.reflect.Method method : each.getDeclaredMethods()) {
                    parameters(method, each.getSimpleName() + "." + method.getName(), encounter);
                }
            }
        } catch (final LinkageError e) {
            // a class naming a library the application lacks declares no emitter that could work either
        }
    }

    private <I> void parameters(final Executable executable, final String subject, final TypeEncounter<I> encounter) {
        final java.lang.reflect.Parameter[] parameters = executable.getParameters();
        for (int i = 0; i < parameters.length; i++) {
            check(parameters[i], parameters[i].getType(), subject + " (parameter " + (i + 1) + ")", encounter);
        }
    }

    private <I> void check(
            final AnnotatedElement element,
            final Class<?> type,
            final String subject,
            final TypeEncounter<I> encounter) {
        final Channel named = element.getAnnotation(Channel.class);
        if (named == null || !named.value().equals(channel) || !emitter(type)) {
            return;
        }
        final Optional<Integer> broadcast =
                Optional.ofNullable(element.getAnnotation(Broadcast.class)).map(Broadcast::value);
        fanOut.problem(channel, broadcast)
                .ifPresent(problem -> encounter.addError(new Message(subject + " " + problem)));
    }

    private static boolean emitter(final Class<?> type) {
        return type.getName().equals("org.eclipse.microprofile.reactive.messaging.Emitter")
                || type.getName().equals("io.smallrye.reactive.messaging.MutinyEmitter");
    }

    private static boolean library(final String name) {
        return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("com.google.inject.");
    }
}
