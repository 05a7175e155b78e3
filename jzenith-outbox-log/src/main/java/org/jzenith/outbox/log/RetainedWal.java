package org.jzenith.outbox.log;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.jzenith.core.outbox.OutboxFullException;

/**
 * The bound that keeps the log outbox's slot from filling the server's disk: the write-ahead log it
 * holds back, as last measured ({@link SlotStatus}), against {@code outbox.log.max-retained-wal-mb}.
 * The relay measures every second ({@link LogOutboxStore#backlog}); a publish measures itself only
 * when the last measure is older than a second ({@link #claimMeasure}), so that a service whose relay
 * does not run still meets its bound. Meter {@code outbox_retained_wal_bytes}.
 *
 * <pre>{@code
 * if (retained.claimMeasure()) { retained.measured(measureTheSlot()); }
 * retained.refuseWhenFull();   // throws OutboxFullException past the bound, or when the slot is missing
 * emitTheMessage();
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class RetainedWal {

    private static final Duration MEASURE_AGE = Duration.ofSeconds(1);
    private static final long MEGABYTE = 1024L * 1024L;

    private final String slot;
    private final long maxMegabytes;
    private final AtomicLong measuredAt = new AtomicLong(System.nanoTime() - 2 * MEASURE_AGE.toNanos());
    private volatile Optional<SlotStatus> last = Optional.empty();

    /** A bound of {@code maxMegabytes} on what {@code slot} holds back. */
    public RetainedWal(final String slot, final long maxMegabytes) {
        this.slot = slot;
        this.maxMegabytes = maxMegabytes;
    }

    /** This bound, with its measure shown as {@code outbox_retained_wal_bytes} in {@code registry}. */
    public RetainedWal withMeters(final MeterRegistry registry) {
        Gauge.builder("outbox_retained_wal_bytes", this, bound -> bound.last()
                        .map(SlotStatus::retainedBytes)
                        .orElse(0L))
                .description("Write-ahead log the log outbox's replication slot holds back, as last measured")
                .register(registry);
        return this;
    }

    /** Whether the caller should measure now, the last measure being older than a second; true for one caller. */
    public boolean claimMeasure() {
        final long now = System.nanoTime();
        final long measured = measuredAt.get();
        return now - measured > MEASURE_AGE.toNanos() && measuredAt.compareAndSet(measured, now);
    }

    /** Takes {@code status}, measured just now; returns it. */
    public SlotStatus measured(final SlotStatus status) {
        measuredAt.set(System.nanoTime());
        last = Optional.of(status);
        return status;
    }

    /** The last measure; empty before the first. */
    public Optional<SlotStatus> last() {
        return last;
    }

    /** The bound, in bytes. */
    public long maxBytes() {
        return maxMegabytes * MEGABYTE;
    }

    /** Why a publish is refused now: the slot holds back more than the bound, or is missing; empty when it is not. */
    public Optional<String> problem() {
        return last.flatMap(status -> {
            if (!status.exists()) {
                return Optional.of(OutboxFullException.slotMissing(slot).getMessage());
            }
            if (status.retainedBytes() > maxBytes()) {
                return Optional.of(OutboxFullException.retainedWal(status.retainedBytes(), maxMegabytes)
                        .getMessage());
            }
            return Optional.empty();
        });
    }

    /**
     * Throws {@link OutboxFullException} when the slot, as last measured, holds back more than the
     * bound or does not exist.
     */
    public void refuseWhenFull() {
        final Optional<SlotStatus> status = last;
        if (status.isEmpty()) {
            return;
        }
        if (!status.get().exists()) {
            throw OutboxFullException.slotMissing(slot);
        }
        if (status.get().retainedBytes() > maxBytes()) {
            throw OutboxFullException.retainedWal(status.get().retainedBytes(), maxMegabytes);
        }
    }
}
