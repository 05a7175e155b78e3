package org.jzenith.core.spi.outbox;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.jzenith.core.errors.ExceptionMapping;
import org.jzenith.core.outbox.OutboxFullException;

/**
 * What a store's outbox knows of its backlog between two counts, the same for every store plugin:
 * the unsent events as of the last count plus those published since, which {@code
 * outbox.max-pending} is compared with, and the meters {@code outbox_pending}, {@code
 * outbox_oldest_pending_seconds} and {@code outbox_set_aside}. A store counts its table in {@link OutboxStore#backlog} (the relay
 * does every second) and hands the result to {@link #counted}; a publish counts itself only when the
 * last count is older than a second ({@link #claimCount}), so that a service whose relay does not run
 * still meets its bound.
 *
 * <pre>{@code
 * OutboxBacklog backlog = new OutboxBacklog(configuration.maxPending(), Clock.systemUTC()).withMeters(registry);
 * if (backlog.claimCount()) { backlog.counted(countTheTable()); }
 * backlog.refuseWhenFull();     // throws OutboxFullException past outbox.max-pending
 * insertTheRow(); backlog.published();
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class OutboxBacklog {

    // How old the count may be when a publish compares it with outbox.max-pending.
    private static final Duration COUNT_AGE = Duration.ofSeconds(1);

    private final long maxPending;
    private final Clock clock;
    private final AtomicLong pending = new AtomicLong();
    private final AtomicLong oldestMillis = new AtomicLong();
    private final AtomicLong setAside = new AtomicLong();
    // Counted "long ago": the first publish counts the table.
    private final AtomicLong countedAt = new AtomicLong(System.nanoTime() - 2 * COUNT_AGE.toNanos());

    /**
     * How every store plugin answers a full outbox over HTTP: 503 with a detail written for clients;
     * the exception's own message, which names {@code outbox.max-pending}, goes to the log only.
     *
     * <pre>{@code
     * ExceptionMapping.bind(binder()).toInstance(OutboxBacklog.fullAnswer());
     * }</pre>
     */
    public static ExceptionMapping fullAnswer() {
        return ExceptionMapping.unavailable(
                OutboxFullException.class,
                "The service takes no changes for now: too many of its events wait to be sent to the message broker;"
                        + " try again later");
    }

    /** A backlog bound by {@code maxPending} unsent events, its ages measured by {@code clock}. */
    public OutboxBacklog(final long maxPending, final Clock clock) {
        this.maxPending = maxPending;
        this.clock = clock;
    }

    /** This backlog, shown as {@code outbox_pending} and {@code outbox_oldest_pending_seconds} in {@code registry}. */
    public OutboxBacklog withMeters(final MeterRegistry registry) {
        Gauge.builder("outbox_pending", pending, AtomicLong::get)
                .description("Events in the outbox not sent yet, as of the last count")
                .register(registry);
        Gauge.builder("outbox_oldest_pending_seconds", this, OutboxBacklog::oldestAgeSeconds)
                .description("Age of the oldest unsent event in the outbox, as of the last count")
                .register(registry);
        Gauge.builder("outbox_set_aside", setAside, AtomicLong::get)
                .description("Events the broker refused for good, set aside for an operator, as of the last count")
                .register(registry);
        return this;
    }

    /**
     * Whether the caller should count the table now, because the last count is more than a second old;
     * true for one caller only, which then hands its count to {@link #counted}.
     */
    public boolean claimCount() {
        final long now = System.nanoTime();
        final long counted = countedAt.get();
        return now - counted > COUNT_AGE.toNanos() && countedAt.compareAndSet(counted, now);
    }

    /** Takes {@code backlog}, counted just now, as the current one; returns it. */
    public OutboxStore.Backlog counted(final OutboxStore.Backlog backlog) {
        countedAt.set(System.nanoTime());
        pending.set(backlog.pending());
        oldestMillis.set(backlog.oldest().map(Instant::toEpochMilli).orElse(0L));
        setAside.set(backlog.setAside());
        return backlog;
    }

    /** Throws {@link OutboxFullException} when the backlog reached {@code outbox.max-pending}. */
    public void refuseWhenFull() {
        final long waiting = pending.get();
        if (waiting >= maxPending) {
            throw new OutboxFullException(waiting, maxPending);
        }
    }

    /** Counts an event written since the last count (rolled back or not: the next count corrects it). */
    public void published() {
        pending.incrementAndGet();
    }

    /** The unsent events as of the last count, plus those published since. */
    public long pending() {
        return pending.get();
    }

    private double oldestAgeSeconds() {
        final long oldest = oldestMillis.get();
        return oldest == 0 ? 0 : Math.max(0, clock.millis() - oldest) / 1000.0;
    }
}
