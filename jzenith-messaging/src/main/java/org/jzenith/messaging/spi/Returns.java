package org.jzenith.messaging.spi;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.jzenith.core.spi.execution.RxJavaTypes;

/**
 * What an {@code @Incoming} method returns, and how to wait for it: a plain method is done when it
 * returns; one returning a stage is done when the stage completes, and what it completes with is a
 * processor's result. Decided once per method, at start-up; RxJava and Mutiny are loaded only for
 * methods that return their types, so both stay optional. The same for every connector.
 *
 * <pre>{@code
 * Returns returns = Returns.of(method.getReturnType()).orElseThrow();   // refused at start-up when empty
 * Object result = returns.stage(method.invoke(bean, payload)).toCompletableFuture().get();
 * }</pre>
 */
public enum Returns {
    /** {@code void} or a plain value: done on return. */
    PLAIN,
    /** A {@link CompletionStage}. */
    STAGE,
    /** A Vert.x {@link io.vertx.core.Future}. */
    VERTX_FUTURE,
    /** An RxJava {@code Single}, {@code Maybe} or {@code Completable}. */
    RX,
    /** A Mutiny {@code Uni}. */
    UNI;

    /** How a method returning {@code type} completes; empty for a type that jZenith cannot wait for. */
    public static Optional<Returns> of(final Class<?> type) {
        if (CompletionStage.class.isAssignableFrom(type)) {
            return Optional.of(STAGE);
        }
        if (io.vertx.core.Future.class.isAssignableFrom(type)) {
            return Optional.of(VERTX_FUTURE);
        }
        final String name = type.getName();
        if (name.equals(RxJavaTypes.SINGLE) || name.equals(RxJavaTypes.MAYBE) || name.equals(RxJavaTypes.COMPLETABLE)) {
            return Optional.of(RX);
        }
        if (name.equals("io.smallrye.mutiny.Uni")) {
            return Optional.of(UNI);
        }
        if (Streams.isStream(type)
                || name.startsWith("io.smallrye.mutiny.")
                || name.startsWith("reactor.core.publisher.")) {
            return Optional.empty();
        }
        return Optional.of(PLAIN);
    }

    /**
     * The type of the value a method returning {@code returned} yields once done: the type itself for
     * a plain method, {@code T} of {@code CompletionStage<T>}, {@code Future<T>}, {@code Single<T>} or
     * {@code Maybe<T>}; empty when it yields nothing ({@code void}, {@code Completable}) or its type
     * argument is not named ({@code CompletionStage<?>}, a raw type).
     */
    public Optional<Type> yields(final Type returned) {
        final Class<?> raw = raw(returned);
        if (raw == void.class || raw == Void.class || raw.getName().equals(RxJavaTypes.COMPLETABLE)) {
            return Optional.empty();
        }
        if (this == PLAIN) {
            return Optional.of(returned);
        }
        if (returned instanceof ParameterizedType parameterized && parameterized.getActualTypeArguments().length == 1) {
            final Type argument = parameterized.getActualTypeArguments()[0];
            if (argument instanceof Class<?> || argument instanceof ParameterizedType) {
                return raw(argument) == Void.class ? Optional.empty() : Optional.of(argument);
            }
        }
        return Optional.empty();
    }

    /** The class of {@code type}: itself, or the raw type of a parameterized one; Object otherwise. */
    public static Class<?> raw(final Type type) {
        if (type instanceof Class<?> plain) {
            return plain;
        }
        if (type instanceof ParameterizedType parameterized && parameterized.getRawType() instanceof Class<?> raw) {
            return raw;
        }
        return Object.class;
    }

    /** The stage that completes when {@code result} does; {@code result} is what this kind returns. */
    public CompletionStage<?> stage(final Object result) {
        return switch (this) {
            case PLAIN -> java.util.concurrent.CompletableFuture.completedFuture(result);
            case STAGE -> (CompletionStage<?>) result;
            case VERTX_FUTURE -> ((io.vertx.core.Future<?>) result).toCompletionStage();
            case RX -> RxStages.stage(result);
            case UNI -> UniStages.stage(result);
        };
    }
}
