package org.jzenith.kafka;

import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * What an {@code @Incoming} method returns, and how to wait for it: a plain method is done when it
 * returns; one returning a stage is done when the stage completes. Decided once per method.
 */
enum Returns {
    /** {@code void} or a plain value: done on return. */
    PLAIN,
    /** A {@link CompletionStage}. */
    STAGE,
    /** A Vert.x {@link io.vertx.core.Future}. */
    VERTX_FUTURE,
    /** An RxJava {@code Single}, {@code Maybe} or {@code Completable}. */
    RX;

    private static final String RX_PACKAGE = "io.reactivex.rxjava3.core.";

    /** How a method returning {@code type} completes; empty for a type that jZenith cannot wait for. */
    static Optional<Returns> of(final Class<?> type) {
        if (CompletionStage.class.isAssignableFrom(type)) {
            return Optional.of(STAGE);
        }
        if (io.vertx.core.Future.class.isAssignableFrom(type)) {
            return Optional.of(VERTX_FUTURE);
        }
        final String name = type.getName();
        if (name.equals(RX_PACKAGE + "Single")
                || name.equals(RX_PACKAGE + "Maybe")
                || name.equals(RX_PACKAGE + "Completable")) {
            return Optional.of(RX);
        }
        if (name.equals(RX_PACKAGE + "Flowable")
                || name.equals(RX_PACKAGE + "Observable")
                || name.startsWith("io.smallrye.mutiny.")
                || name.startsWith("reactor.core.publisher.")
                || name.equals("org.reactivestreams.Publisher")) {
            return Optional.empty();
        }
        return Optional.of(PLAIN);
    }

    /** The stage that completes when {@code result} does; {@code result} is what this kind returns. */
    CompletionStage<?> stage(final Object result) {
        return switch (this) {
            case PLAIN -> java.util.concurrent.CompletableFuture.completedFuture(result);
            case STAGE -> (CompletionStage<?>) result;
            case VERTX_FUTURE -> ((io.vertx.core.Future<?>) result).toCompletionStage();
            case RX -> RxStages.stage(result);
        };
    }
}
