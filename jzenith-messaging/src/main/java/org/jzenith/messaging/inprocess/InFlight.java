package org.jzenith.messaging.inprocess;

import java.time.Duration;

/**
 * The messages of the in-process channels sent and not yet done, so that stopping waits for them.
 * Thread-safe.
 */
final class InFlight {

    private long count;

    synchronized void add() {
        count++;
    }

    synchronized void remove() {
        count--;
        if (count == 0) {
            notifyAll();
        }
    }

    /** How many are in flight. */
    synchronized long count() {
        return count;
    }

    /** Waits until none is in flight, at most {@code timeout}; the number left. */
    synchronized long awaitNone(final Duration timeout) throws InterruptedException {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (count > 0) {
            final long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return count;
    }
}
