package org.jzenith.rest.internal.model;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Recognises return types that stand for a result to come but that jZenith does not subscribe to,
 * such as Mutiny's {@code Uni} or Reactor's {@code Mono}: written as a plain value, the client would
 * get 200 with the object's {@code toString()}, so start-up refuses them instead. Known by name, so
 * that none of those libraries has to be on the classpath.
 */
final class AsynchronousTypes {

    /** Types and supertypes that mean "asynchronous", with what to return instead. */
    private static final Set<String> ASYNCHRONOUS = Set.of(
            "io.smallrye.mutiny.Uni",
            "io.smallrye.mutiny.Multi",
            "reactor.core.publisher.Mono",
            "reactor.core.publisher.Flux",
            "kotlinx.coroutines.Deferred",
            "kotlinx.coroutines.flow.Flow",
            "io.reactivex.Single",
            "io.reactivex.Maybe",
            "io.reactivex.Completable",
            "io.reactivex.Flowable",
            "io.reactivex.Observable",
            "rx.Observable",
            "rx.Single",
            "com.google.common.util.concurrent.ListenableFuture",
            "org.reactivestreams.Publisher",
            "java.util.concurrent.Flow$Publisher",
            "java.util.concurrent.Future");

    private AsynchronousTypes() {}

    /** The asynchronous type {@code type} is or extends, if it is one jZenith does not handle. */
    static Optional<String> unsupported(final Class<?> type) {
        final Deque<Class<?>> pending = new ArrayDeque<>();
        final Set<Class<?>> seen = new HashSet<>();
        pending.add(type);
        while (!pending.isEmpty()) {
            final Class<?> current = pending.poll();
            if (!seen.add(current)) {
                continue;
            }
            if (ASYNCHRONOUS.contains(current.getName())) {
                return Optional.of(current.getName().replace('$', '.'));
            }
            if (current.getSuperclass() != null) {
                pending.add(current.getSuperclass());
            }
            pending.addAll(List.of(current.getInterfaces()));
        }
        return Optional.empty();
    }
}
