package org.jzenith.benchmarks.rabbitmq;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Send → consumed → acked, measured alike for both variants. A consumer notes each message it takes
 * ({@link #consumed}: the body starts with the sender's {@code System.nanoTime()}, one JVM); the
 * client's {@code basicAck}, hooked by {@link AckHook}, calls {@link #acked} once the ack has gone
 * out, and the messages it acks are then done. Both consumers take and ack the messages of one
 * channel in the queue's order: the bare client one ack per message, jZenith with one {@code
 * multiple} ack for those done while more deliveries waited; an ack of tag {@code t} settles every
 * message noted up to the {@code t}-th delivery of the consumer's channel (counted from the last
 * ack seen before {@link #reset}, the warm-up message's).
 */
public final class AckLatency {

    private static final int RING = 1 << 17; // far more than the prefetch: at most that many wait for their ack
    private static final long[] SENT = new long[RING];
    private static final long[] CONSUMED = new long[RING];
    private static long taken;
    private static long settled;
    private static long[] latencies = new long[0];
    private static long[] toConsumed = new long[0];
    /** The last delivery tag acked, over resets: the tags of a measurement count from the one before it. */
    private static long lastTag;

    private static long firstTag;
    private static long acks;

    private AckLatency() {}

    /** Starts a new measurement of at most {@code messages} messages; nothing is waiting for its ack. */
    static synchronized void reset(final int messages) {
        taken = 0;
        settled = 0;
        firstTag = lastTag + 1;
        acks = 0;
        latencies = new long[messages];
        toConsumed = new long[messages];
    }

    /** Messages acked since the last reset. */
    static synchronized long done() {
        return settled;
    }

    /** The {@code basic.ack} frames sent since the last reset: one per message, or fewer where multiple acks batch. */
    static synchronized long acks() {
        return acks;
    }

    /** The latencies measured, in nanoseconds, unsorted. */
    static synchronized long[] latencies() {
        return Arrays.copyOf(latencies, (int) Math.min(settled, latencies.length));
    }

    /** The send → consumed part of the latencies, in nanoseconds, unsorted. */
    static synchronized long[] toConsumed() {
        return Arrays.copyOf(toConsumed, (int) Math.min(settled, toConsumed.length));
    }

    /** A consumer took a message whose body is {@code body}; its ack comes next. */
    static synchronized void consumed(final byte[] body) {
        consumed(new String(body, 0, Math.min(body.length, 24), StandardCharsets.US_ASCII));
    }

    /** A consumer took a message whose body is {@code text}; its ack comes next. */
    static synchronized void consumed(final String text) {
        final int end = text.indexOf(':');
        final int slot = (int) (taken++ % RING);
        SENT[slot] = Long.parseLong(end < 0 ? text : text.substring(0, end));
        CONSUMED[slot] = System.nanoTime();
    }

    /** Called by the client's hooked {@code basicAck} after it sent the ack. */
    public static synchronized void acked(final long deliveryTag, final boolean multiple) {
        final long now = System.nanoTime();
        lastTag = Math.max(lastTag, deliveryTag);
        acks++;
        // a single ack settles the oldest message waiting, a multiple one every message up to its tag
        final long upTo = multiple ? Math.min(taken, deliveryTag - firstTag + 1) : Math.min(taken, settled + 1);
        while (settled < upTo) {
            final long index = settled++;
            if (index < latencies.length) {
                latencies[(int) index] = now - SENT[(int) (index % RING)];
                toConsumed[(int) index] = CONSUMED[(int) (index % RING)] - SENT[(int) (index % RING)];
            }
        }
    }
}
