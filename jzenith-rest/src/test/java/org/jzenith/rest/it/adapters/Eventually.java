package org.jzenith.rest.it.adapters;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** An asynchronous type of an in-house library, which jZenith does not know. */
public final class Eventually<T> {

    private final CompletableFuture<T> future = new CompletableFuture<>();

    public static <T> Eventually<T> of(final T value) {
        final Eventually<T> eventually = new Eventually<>();
        CompletableFuture.runAsync(() -> eventually.future.complete(value));
        return eventually;
    }

    public CompletionStage<T> asStage() {
        return future;
    }
}
