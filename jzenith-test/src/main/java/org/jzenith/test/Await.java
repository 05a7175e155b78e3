package org.jzenith.test;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Waits in tests, always bounded: for a condition to hold, or for a Vert.x {@link Future} to end.
 * A test never sleeps for a guessed time; it waits for what it needs and fails naming it.
 *
 * <pre>{@code
 * Await.until(Duration.ofSeconds(15), "the health check is UP again", () -> app.isReady());
 * String value = Await.result(redis.get("key"));
 * Throwable failure = Await.failure(pool.query("SELECT 1").execute());
 * }</pre>
 *
 * <p>For test threads only, never a Vert.x event loop (it blocks). Thread-safe.
 */
public final class Await {

    /** How long {@link #result(Future)} and {@link #failure(Future)} wait. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(20);

    private static final Duration POLL = Duration.ofMillis(50);

    private Await() {}

    /**
     * Polls {@code condition} until it holds; fails with an {@link AssertionError} naming {@code
     * what} when {@code timeout} passes first.
     */
    public static void until(final Duration timeout, final String what, final BooleanSupplier condition) {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + timeout.toMillis() + " ms in vain until " + what);
            }
            LockSupport.parkNanos(POLL.toNanos());
        }
    }

    /** The value of {@code future}, waiting at most {@link #DEFAULT_TIMEOUT}; see {@link #result(Future, Duration)}. */
    public static <T> T result(final Future<T> future) {
        return result(future, DEFAULT_TIMEOUT);
    }

    /**
     * The value of {@code future}. When it fails, its failure is thrown as it is (a checked one
     * wrapped in an {@link IllegalStateException}), so that a test can assert on it or retry; when
     * it does not end within {@code timeout}, an {@link AssertionError}.
     */
    public static <T> T result(final Future<T> future, final Duration timeout) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (final ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a result", e);
        } catch (final TimeoutException e) {
            throw new AssertionError("no result within " + timeout.toMillis() + " ms", e);
        }
    }

    /** The failure of {@code future}, waiting at most {@link #DEFAULT_TIMEOUT}; see {@link #failure(Future, Duration)}. */
    public static Throwable failure(final Future<?> future) {
        return failure(future, DEFAULT_TIMEOUT);
    }

    /**
     * The failure of {@code future}, which must fail: an {@link AssertionError} when it succeeds or
     * does not end within {@code timeout}.
     */
    public static Throwable failure(final Future<?> future, final Duration timeout) {
        final Object value;
        try {
            value = future.toCompletionStage().toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (final ExecutionException e) {
            return e.getCause();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a failure", e);
        } catch (final TimeoutException e) {
            throw new AssertionError("no failure within " + timeout.toMillis() + " ms", e);
        }
        throw new AssertionError("succeeded with " + value + " where a failure was expected");
    }
}
