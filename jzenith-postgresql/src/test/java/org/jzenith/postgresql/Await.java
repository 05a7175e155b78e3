package org.jzenith.postgresql;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Waits, bounded, for a condition or a future; the tests' only ways to wait. */
final class Await {

    private static final Duration POLL = Duration.ofMillis(50);
    private static final Duration RESULT_TIMEOUT = Duration.ofSeconds(20);

    private Await() {}

    /** Polls {@code condition} until it holds or {@code timeout} passes, then fails naming {@code what}. */
    static void until(final Duration timeout, final String what, final BooleanSupplier condition) {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + timeout.toMillis() + " ms in vain until " + what);
            }
            LockSupport.parkNanos(POLL.toNanos());
        }
    }

    /** The result of {@code future}, or its failure thrown as it is (wrapped when checked). */
    static <T> T result(final Future<T> future) {
        try {
            return future.toCompletionStage()
                    .toCompletableFuture()
                    .get(RESULT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (final ExecutionException e) {
            throw e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (final TimeoutException e) {
            throw new AssertionError("no result within " + RESULT_TIMEOUT.toMillis() + " ms", e);
        }
    }

    /** The failure of {@code future}, which must fail. */
    static Throwable failure(final Future<?> future) {
        try {
            future.toCompletionStage().toCompletableFuture().get(RESULT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (final ExecutionException e) {
            return e.getCause();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (final TimeoutException e) {
            throw new AssertionError("no failure within " + RESULT_TIMEOUT.toMillis() + " ms", e);
        }
        throw new AssertionError("succeeded where a failure was expected");
    }
}
