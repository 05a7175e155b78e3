package org.jzenith.kafka;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.jzenith.messaging.spi.DonePositions;

/**
 * The records of one partition, processed one after the other (in offset order) on a virtual thread
 * of their own while there are any: partitions run in parallel, up to the channel's concurrency.
 * {@link #finished()} is the offset to commit: one past the last record that is acknowledged with every
 * record before it. A record is acknowledged when its processing says so: for most methods before the
 * next record starts, for a method that acknowledges its messages itself ({@code Message<T>}, {@code
 * MANUAL}) when it calls {@code ack()}, maybe much later and out of order; the thread goes on to the next
 * record meanwhile, and the record stays in flight (it counts against the channel's bound) until then.
 * The offsets taken and how far they are all acknowledged are the messaging layer's {@link
 * DonePositions}; each time that moves, {@link Moved} hears of it (the {@code latest} commit strategy).
 *
 * <p>{@link #add} and {@link #revoke} are called by the channel's poll thread, the processing runs
 * on virtual threads. Thread-safe.
 */
final class PartitionWorker {

    /**
     * Takes one record to its end and runs {@code acknowledged} when its offset may be committed (before
     * it returns, or later); false when the channel stops at it: nothing after it may be done.
     */
    @FunctionalInterface
    interface Processing {
        boolean process(ConsumerRecord<byte[], byte[]> record, Runnable acknowledged);
    }

    /** Hears, under the worker's lock, that the offset to commit moved to {@code finished}. */
    @FunctionalInterface
    interface Moved {
        /** Hears nothing: the offsets are collected by the poll thread ({@code throttled}). */
        Moved NOWHERE = (worker, finished) -> {};

        void moved(PartitionWorker worker, long finished);
    }

    /**
     * A record fetched and not acknowledged yet, with its weight (weighed once, when it is queued); its
     * flag is guarded by the worker's lock. Running it acknowledges the record: the entry is its own
     * callback, one object a record.
     */
    private final class Pending implements Runnable {
        final ConsumerRecord<byte[], byte[]> record;
        final long weight;
        boolean settled; // acknowledged, or abandoned: no longer in flight

        Pending(final ConsumerRecord<byte[], byte[]> record, final long weight) {
            this.record = record;
            this.weight = weight;
        }

        @Override
        public void run() {
            acknowledge(this);
        }
    }

    private final TopicPartition partition;
    private final Processing processor;
    private final ExecutorService threads;
    private final Semaphore concurrency;
    private final InFlight inFlight;
    private final Moved moved;
    /**
     * What the poll thread handed over and no thread has taken yet, a poll's records of this partition
     * as one entry: one hand-off a poll rather than one a record.
     */
    private final Queue<Pending[]> queue = new ConcurrentLinkedQueue<>();

    private final AtomicBoolean scheduled = new AtomicBoolean();
    private final Object lock = new Object();
    private final DonePositions pending = new DonePositions(); // the offsets taken, until all before are done
    /** The records taken and not settled, and their weight, for {@link #release}; guarded by the lock. */
    private int heldRecords;

    private long heldWeight;
    private boolean released; // by revoke: an acknowledgement after it changes nothing
    private volatile boolean revoked;
    private volatile long finished = -1;

    PartitionWorker(
            final TopicPartition partition,
            final Processing processor,
            final ExecutorService threads,
            final Semaphore concurrency,
            final InFlight inFlight,
            final Moved moved) {
        this.partition = partition;
        this.processor = processor;
        this.threads = threads;
        this.concurrency = concurrency;
        this.inFlight = inFlight;
        this.moved = moved;
    }

    TopicPartition partition() {
        return partition;
    }

    /** The offset to commit (one past the last record done), or -1 when none is done yet. */
    long finished() {
        return finished;
    }

    /** Queues fetched records, in offset order, and makes sure a thread processes them. */
    void add(final List<ConsumerRecord<byte[], byte[]>> records) {
        final Pending[] entries = new Pending[records.size()];
        long weight = 0;
        int next = 0;
        for (final ConsumerRecord<byte[], byte[]> record : records) {
            final Pending entry = new Pending(record, InFlight.held(record));
            weight += entry.weight;
            entries[next++] = entry;
        }
        inFlight.add(entries.length, weight);
        queue.add(entries);
        schedule();
    }

    /**
     * Stops taking records: the one being processed may finish, the queued ones are dropped (their
     * partition's next owner gets them again). Returns once no thread works on this partition and every
     * record it took is acknowledged, or at {@code deadlineNanos} ({@link System#nanoTime()}); true when
     * it has ended by then. Records not acknowledged by then are given up (delivered again).
     */
    boolean revoke(final long deadlineNanos) {
        revoked = true;
        while ((scheduled.get() || waiting()) && System.nanoTime() < deadlineNanos) {
            LockSupport.parkNanos(1_000_000);
        }
        drop();
        final boolean ended = !scheduled.get() && !waiting();
        release();
        return ended;
    }

    /** Whether records taken wait for their acknowledgement. */
    private boolean waiting() {
        synchronized (lock) {
            return !pending.settled();
        }
    }

    private void drop() {
        Pending[] dropped;
        while ((dropped = queue.poll()) != null) {
            dropFrom(dropped, 0);
        }
    }

    /** Counts the entries of {@code entries} from {@code first} on out of flight: none of them is taken. */
    private void dropFrom(final Pending[] entries, final int first) {
        for (int i = first; i < entries.length; i++) {
            inFlight.done(entries[i].weight);
        }
    }

    /** Gives up the records not acknowledged: out of flight; a later ack of one changes nothing. */
    private void release() {
        synchronized (lock) {
            if (!released) {
                released = true;
                inFlight.done(heldRecords, heldWeight);
                heldRecords = 0;
                heldWeight = 0;
                pending.clear();
            }
        }
    }

    /** {@code entry} will not be acknowledged (the channel stops at it): out of flight and out of the wait. */
    private void abandon(final Pending entry) {
        synchronized (lock) {
            if (released || entry.settled) {
                return; // one acknowledged before (PRE_PROCESSING) stays, to be committed
            }
            settle(entry);
            pending.withdraw(entry.record.offset());
        }
    }

    /** {@code entry} is acknowledged: out of flight, and the offset to commit moves past what is acknowledged. */
    private void acknowledge(final Pending entry) {
        synchronized (lock) {
            if (released || entry.settled) {
                return; // acknowledged twice, or after the partition was given up
            }
            settle(entry);
            if (pending.done(entry.record.offset())) {
                finished = pending.watermark() + 1;
                moved.moved(this, finished);
            }
        }
    }

    /** {@code entry} is no longer in flight; under the lock. */
    private void settle(final Pending entry) {
        entry.settled = true;
        heldRecords--;
        heldWeight -= entry.weight;
        inFlight.done(entry.weight);
    }

    private void schedule() {
        if (!revoked && !queue.isEmpty() && scheduled.compareAndSet(false, true)) {
            threads.execute(this::drain);
        }
    }

    private void drain() {
        boolean acquired = false;
        Pending[] entries = null;
        int next = 0; // the first entry of entries no thread has taken
        try {
            concurrency.acquire();
            acquired = true;
            while (!revoked && (entries = queue.poll()) != null) {
                next = 0;
                while (next < entries.length && !revoked) {
                    final Pending entry = entries[next++];
                    synchronized (lock) {
                        if (revoked) { // revoke() dropped the queue meanwhile; this one is out of flight too
                            inFlight.done(entry.weight);
                            break;
                        }
                        pending.open(entry.record.offset());
                        heldRecords++;
                        heldWeight += entry.weight;
                    }
                    if (!processor.process(entry.record, entry)) {
                        revoked = true; // the channel stops: nothing after this record may be done
                        abandon(entry); // nor will it be: revoke() need not wait for it
                        break;
                    }
                }
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (acquired) {
                concurrency.release();
            }
            if (entries != null) {
                dropFrom(entries, next); // the rest of the poll's records it stopped in: revoked, or it threw
            }
            if (revoked) {
                drop(); // records that came while this thread was finishing, after revoke() had dropped
            }
            scheduled.set(false);
        }
        schedule(); // records that came while this thread was finishing
    }
}
