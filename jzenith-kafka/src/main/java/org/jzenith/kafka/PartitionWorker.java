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

/**
 * The records of one partition, processed one after the other (in offset order) on a virtual thread
 * of their own while there are any: partitions run in parallel, up to the channel's concurrency.
 * {@link #finished()} is the offset to commit: one past the last record that is done.
 *
 * <p>{@link #add} and {@link #revoke} are called by the channel's poll thread, the processing runs
 * on virtual threads. Thread-safe.
 */
final class PartitionWorker {

    /** Takes one record to its end; true when it is done (its offset may be committed). */
    @FunctionalInterface
    interface Processing {
        boolean process(ConsumerRecord<byte[], byte[]> record);
    }

    private final TopicPartition partition;
    private final Processing processor;
    private final ExecutorService threads;
    private final Semaphore concurrency;
    private final InFlight inFlight;
    private final Queue<ConsumerRecord<byte[], byte[]>> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private volatile boolean revoked;
    private volatile long finished = -1;

    PartitionWorker(
            final TopicPartition partition,
            final Processing processor,
            final ExecutorService threads,
            final Semaphore concurrency,
            final InFlight inFlight) {
        this.partition = partition;
        this.processor = processor;
        this.threads = threads;
        this.concurrency = concurrency;
        this.inFlight = inFlight;
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
        long weight = 0;
        for (final ConsumerRecord<byte[], byte[]> record : records) {
            weight += InFlight.weight(record);
        }
        inFlight.add(records.size(), weight);
        queue.addAll(records);
        schedule();
    }

    /**
     * Stops taking records: the one being processed may finish, the queued ones are dropped (their
     * partition's next owner gets them again). Returns once no thread works on this partition, or
     * at {@code deadlineNanos} ({@link System#nanoTime()}); true when it has ended by then.
     */
    boolean revoke(final long deadlineNanos) {
        revoked = true;
        while (scheduled.get() && System.nanoTime() < deadlineNanos) {
            LockSupport.parkNanos(1_000_000);
        }
        drop();
        return !scheduled.get();
    }

    private void drop() {
        ConsumerRecord<byte[], byte[]> dropped;
        while ((dropped = queue.poll()) != null) {
            inFlight.done(dropped);
        }
    }

    private void schedule() {
        if (!revoked && !queue.isEmpty() && scheduled.compareAndSet(false, true)) {
            threads.execute(this::drain);
        }
    }

    private void drain() {
        boolean acquired = false;
        try {
            concurrency.acquire();
            acquired = true;
            ConsumerRecord<byte[], byte[]> record;
            while (!revoked && (record = queue.peek()) != null) {
                if (!processor.process(record)) {
                    revoked = true; // the channel stops: nothing after this record may be done
                    break;
                }
                finished = record.offset() + 1;
                if (queue.poll() != null) { // null when revoke() dropped the queue meanwhile
                    inFlight.done(record);
                }
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (acquired) {
                concurrency.release();
            }
            if (revoked) {
                drop(); // records that came while this thread was finishing, after revoke() had dropped
            }
            scheduled.set(false);
        }
        schedule(); // records that came while this thread was finishing
    }
}
