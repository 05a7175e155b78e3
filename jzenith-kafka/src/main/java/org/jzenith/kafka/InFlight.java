package org.jzenith.kafka;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

/**
 * The records a channel holds fetched and not done, counted and weighed: the channel is {@link
 * #full()} at {@code maxRecords} records or {@code maxBytes} bytes ({@link #held}: keys, values, headers
 * and the objects around each), and has
 * {@link #room()} again once both are down to half. The gap between the two keeps fetching going in
 * long strides instead of pausing and resuming the partitions at every poll.
 *
 * <p>The poll thread {@link #add}s and waits in {@link #awaitRoom}; the partitions' threads call
 * {@link #done}, which wakes the poll thread the moment there is room, so a paused channel fetches
 * again at once rather than at its next poll's timeout. Thread-safe.
 */
final class InFlight {

    /**
     * What a record in flight holds beside its key, value and headers: the fetched record's objects, its
     * queue entry and, for a processor, its result on the way to the broker with the callbacks that
     * acknowledge it; about half a KiB (an estimate from the objects' sizes). Counting it bounds many
     * small records by the heap too, so that the record count itself can be generous.
     */
    static final long RECORD_OVERHEAD = 512;

    private final int maxRecords;
    private final long maxBytes;
    private final AtomicInteger records = new AtomicInteger();
    private final AtomicLong bytes = new AtomicLong();
    private volatile Thread waiter;

    InFlight(final int maxRecords, final long maxBytes) {
        this.maxRecords = maxRecords;
        this.maxBytes = maxBytes;
    }

    /**
     * What {@code record} weighs: its key, value and headers as fetched (a header's name counted a byte
     * a character). Headers count: a producer can make a record of small key and value heavy with them.
     */
    static long weight(final ConsumerRecord<byte[], byte[]> record) {
        long weight = Math.max(0, record.serializedKeySize()) + (long) Math.max(0, record.serializedValueSize());
        for (final Header header : record.headers()) {
            weight += header.key().length() + (header.value() == null ? 0 : header.value().length);
        }
        return weight;
    }

    /** What {@code record} holds in memory while in flight: its {@link #weight} and {@link #RECORD_OVERHEAD}. */
    static long held(final ConsumerRecord<byte[], byte[]> record) {
        return weight(record) + RECORD_OVERHEAD;
    }

    /** Counts fetched records of {@code weight} bytes in all. */
    void add(final int count, final long weight) {
        records.addAndGet(count);
        bytes.addAndGet(weight);
    }

    /**
     * Counts a record of {@code weight} bytes ({@link #weight}, as it was added) done or dropped; wakes
     * the waiting poll thread once there is room.
     */
    void done(final long weight) {
        done(1, weight);
    }

    /** Counts {@code count} records of {@code weight} bytes in all done or dropped; see {@link #done(long)}. */
    void done(final int count, final long weight) {
        final int left = records.addAndGet(-count);
        final long weighs = bytes.addAndGet(-weight);
        final Thread waiting = waiter;
        if (waiting != null && left <= maxRecords / 2 && weighs <= maxBytes / 2) {
            LockSupport.unpark(waiting);
        }
    }

    /** Records fetched and not done. */
    int records() {
        return records.get();
    }

    /** Bytes held by the records fetched and not done ({@link #held}). */
    long bytes() {
        return bytes.get();
    }

    /** Whether fetching must pause. */
    boolean full() {
        return records.get() >= maxRecords || bytes.get() >= maxBytes;
    }

    /** Whether paused fetching may resume. */
    boolean room() {
        return records.get() <= maxRecords / 2 && bytes.get() <= maxBytes / 2;
    }

    /** Waits until there is {@link #room()}, at most {@code timeout}; for one thread (the poll thread) at a time. */
    void awaitRoom(final Duration timeout) {
        final long deadline = System.nanoTime() + timeout.toNanos();
        waiter = Thread.currentThread();
        try {
            long left;
            while (!room()
                    && (left = deadline - System.nanoTime()) > 0
                    && !Thread.currentThread().isInterrupted()) {
                LockSupport.parkNanos(this, left);
            }
        } finally {
            waiter = null;
        }
    }
}
