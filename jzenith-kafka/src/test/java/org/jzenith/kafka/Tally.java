package org.jzenith.kafka;

import java.util.BitSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * What one application's {@link BulkConsumer} did with numbered records (key {@code k<number>}),
 * keeping no record: how many it took, and, in the {@link Seen} it shares with the other
 * applications of a test, which numbers were taken and how many twice.
 */
final class Tally {

    /** The numbers taken by any application of a test, and how many were taken again. */
    static final class Seen {
        private final BitSet numbers = new BitSet();
        private int count;
        private int duplicates;

        synchronized void take(final int number) {
            if (numbers.get(number)) {
                duplicates++;
            } else {
                numbers.set(number);
                count++;
            }
        }

        /** How many different numbers were taken. */
        synchronized int count() {
            return count;
        }

        /** How many numbers were taken more than once (each extra time counted). */
        synchronized int duplicates() {
            return duplicates;
        }

        /** The first number below {@code total} not taken, or -1. */
        synchronized int firstMissing(final int total) {
            final int missing = numbers.nextClearBit(0);
            return missing < total ? missing : -1;
        }
    }

    final Seen seen;
    final AtomicInteger taken = new AtomicInteger();
    volatile long delayMillis;

    Tally(final Seen seen) {
        this.seen = seen;
    }

    void take(final ConsumerRecord<String, String> record) throws InterruptedException {
        if (delayMillis > 0) {
            Thread.sleep(delayMillis);
        }
        seen.take(Integer.parseInt(record.key().substring(1)));
        taken.incrementAndGet();
    }
}
