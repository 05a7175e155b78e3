package org.jzenith.rest.it;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Waits for a condition, as jzenith-test's {@code Await.until} does: that module depends on
 * jzenith-rest, so these tests cannot use it.
 */
public final class Eventually {

    private static final long POLL_NANOS = Duration.ofMillis(10).toNanos();

    private Eventually() {}

    /** Returns once {@code condition} holds; fails naming {@code what} when {@code timeout} passes first. */
    public static void until(final Duration timeout, final String what, final BooleanSupplier condition) {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + timeout.toMillis() + " ms in vain until " + what);
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }
}
