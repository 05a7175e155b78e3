package org.jzenith.messaging.spi;

import io.smallrye.mutiny.Uni;
import java.util.concurrent.CompletionStage;

/** Mutiny's {@code Uni} as a stage; loaded only for methods that return one, so Mutiny stays optional. */
final class UniStages {

    private UniStages() {}

    /** Subscribes to {@code result}, a {@code Uni}; the stage completes with its item (null for none). */
    static CompletionStage<?> stage(final Object result) {
        if (result instanceof Uni<?> uni) {
            return uni.subscribeAsCompletionStage();
        }
        throw new IllegalStateException("not a Mutiny Uni: " + result.getClass().getSimpleName());
    }
}
