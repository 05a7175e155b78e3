package org.jzenith.redis;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Waits, bounded, for a condition; the tests' only way to wait. */
final class Await {

    private static final Duration POLL = Duration.ofMillis(50);

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
}
