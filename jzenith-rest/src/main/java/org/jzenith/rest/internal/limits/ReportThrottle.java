package org.jzenith.rest.internal.limits;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Says when events that come in floods (requests refused at a limit, say) are to be logged: the
 * first at once, then those since at most once per interval, so that an attack cannot flood the log.
 * Nothing is lost: each report carries how many events it stands for.
 *
 * <pre>{@code
 * long events = throttle.event();
 * if (events > 0) {
 *     LOG.warn("Refused {} requests since the last report", events);
 * }
 * }</pre>
 *
 * <p>Thread-safe and lock-free: an event is two atomic operations and a read of the clock.
 */
public final class ReportThrottle {

    private final long intervalNanos;
    private final LongSupplier nanoClock;
    private final AtomicLong unreported = new AtomicLong();
    /** When the next report may be made, in {@code nanoClock}'s time. */
    private final AtomicLong nextReport;

    private ReportThrottle(final Duration interval, final LongSupplier nanoClock) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("A report interval is longer than nothing, not " + interval);
        }
        this.intervalNanos = interval.toNanos();
        this.nanoClock = nanoClock;
        this.nextReport = new AtomicLong(nanoClock.getAsLong());
    }

    /** At most one report every {@code interval}, by {@link System#nanoTime()}. */
    public static ReportThrottle every(final Duration interval) {
        return new ReportThrottle(interval, System::nanoTime);
    }

    /** At most one report every {@code interval} by {@code nanoClock} (a test's own clock). */
    static ReportThrottle every(final Duration interval, final LongSupplier nanoClock) {
        return new ReportThrottle(interval, nanoClock);
    }

    /**
     * Counts one event: how many to report now, this one and those not reported yet, or 0 when the
     * last report is less than an interval ago.
     */
    public long event() {
        unreported.incrementAndGet();
        return due();
    }

    /**
     * The events not reported yet, when an interval has passed since the last report; else 0. For the
     * path that sees the flood is over (a request admitted again), so that its last events are told.
     */
    public long pending() {
        return unreported.get() == 0 ? 0 : due();
    }

    private long due() {
        final long now = nanoClock.getAsLong();
        final long next = nextReport.get();
        // Whoever moves the next report time on takes the count; everyone else counted and goes on.
        if (now - next < 0 || !nextReport.compareAndSet(next, now + intervalNanos)) {
            return 0;
        }
        return unreported.getAndSet(0);
    }
}
