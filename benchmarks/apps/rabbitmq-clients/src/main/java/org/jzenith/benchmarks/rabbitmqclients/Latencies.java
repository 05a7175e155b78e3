package org.jzenith.benchmarks.rabbitmqclients;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Send → consumed → acked, measured alike for both clients: the body starts with the sender's
 * {@code System.nanoTime()} (one JVM), and a consumer reports the body once its ack has gone out.
 */
final class Latencies {

    private long[] latencies = new long[0];
    private int done;

    /** Starts a new measurement of at most {@code messages} messages. */
    synchronized void reset(final int messages) {
        latencies = new long[messages];
        done = 0;
    }

    /** Messages acked since the last reset. */
    synchronized int done() {
        return done;
    }

    /** The latencies measured, in nanoseconds, sorted. */
    synchronized long[] sorted() {
        final long[] sorted = Arrays.copyOf(latencies, Math.min(done, latencies.length));
        Arrays.sort(sorted);
        return sorted;
    }

    /** The message whose body is {@code body} was consumed and its ack sent. */
    synchronized void acked(final byte[] body) {
        final long now = System.nanoTime();
        final String head = new String(body, 0, Math.min(body.length, 24), StandardCharsets.US_ASCII);
        final long sent = Long.parseLong(head.substring(0, head.indexOf(':')));
        if (done < latencies.length) {
            latencies[done] = now - sent;
        }
        done++;
        notifyAll();
    }

    /** Waits until {@code messages} messages are acked; fails after {@code timeoutMillis}. */
    synchronized void await(final int messages, final long timeoutMillis) throws InterruptedException {
        final long deadline = System.currentTimeMillis() + timeoutMillis;
        while (done < messages) {
            final long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                throw new IllegalStateException("only " + done + " of " + messages + " messages acked in time");
            }
            wait(left);
        }
    }
}
