package org.jzenith.core.spi.outbox;

/**
 * Whether this instance holds the relay's lease, as its store last took or renewed it: a store
 * skips the {@code NOTIFY} of a publish while it does. Its own commits wake its relay in-process
 * ({@link OutboxStore#onCommit}), and no other instance relays until the lease runs out, so the
 * notification would only come back to this instance's own listener: a second wake and, on
 * PostgreSQL, work for the server and every listening connection on each commit.
 *
 * <p>When the view is wrong (this instance lost the lease early, say to a clock that runs ahead on
 * another instance), the relay that took over finds the events of the commits that did not notify
 * at its next poll, {@code outbox.poll-interval} at most: later, never lost.
 *
 * <pre>{@code
 * if (store.lease(owner, duration)) { held.until(now + duration.toMillis()); } else { held.lost(); }
 * String sql = held.at(clock.millis()) ? INSERT : INSERT_AND_NOTIFY;
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class HeldLease {

    // Epoch milliseconds; 0: not held.
    private volatile long untilMillis;

    /** The lease was taken or renewed, to run out at {@code untilMillis} (epoch milliseconds). */
    public void until(final long untilMillis) {
        this.untilMillis = untilMillis;
    }

    /** The lease was refused or given up. */
    public void lost() {
        this.untilMillis = 0;
    }

    /** Whether the lease is held at {@code nowMillis} (epoch milliseconds). */
    public boolean at(final long nowMillis) {
        return nowMillis < untilMillis;
    }
}
