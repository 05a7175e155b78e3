package org.jzenith.redis;

import io.vertx.core.Future;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waits, bounded, for a future in a test. */
final class Futures {

    private static final long WAIT_SECONDS = 15;

    private Futures() {}

    /** The future's value; fails the test when it failed or did not complete in time. */
    static <T> T value(final Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (final ExecutionException e) {
            throw new AssertionError("the future failed: " + e.getCause(), e.getCause());
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        } catch (final TimeoutException e) {
            throw new AssertionError("the future did not complete within " + WAIT_SECONDS + " s", e);
        }
    }

    /** The future's failure; fails the test when it succeeded or did not complete in time. */
    static Throwable failure(final Future<?> future) {
        try {
            final Object value =
                    future.toCompletionStage().toCompletableFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
            throw new AssertionError("the future succeeded with " + value);
        } catch (final ExecutionException e) {
            return e.getCause();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        } catch (final TimeoutException e) {
            throw new AssertionError("the future did not complete within " + WAIT_SECONDS + " s", e);
        }
    }
}
