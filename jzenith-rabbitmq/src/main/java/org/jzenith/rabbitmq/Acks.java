package org.jzenith.rabbitmq;

import com.rabbitmq.client.Channel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jzenith.messaging.spi.CommitStrategy;
import org.jzenith.messaging.spi.DonePositions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The acks and nacks of one consumer's channel, in fewer frames for the same guarantee: a delivery is
 * acked only once it is done, but the ack of one done on the client's dispatch thread is held back and
 * goes out with those after it as one {@code basic.ack} with {@code multiple} (acking every delivery up
 * to its tag) once the client's block of deliveries ends ({@link ConsumerDispatch}: it has nothing more
 * of the queue's to hand over, or handed 16), or {@code batch} acks wait, or {@value #MOST_HELD_MS} ms
 * after the first was held back (while a slow delivery holds the block, say). Only a delivery with no earlier one still open is held back so, which keeps a
 * multiple ack from covering a delivery that is not done (a {@code Message} method's or a stream's
 * waiting for its results): such deliveries, and those done on another thread, are acked alone, at once.
 * Every ack and nack is sent under this object's lock, so that a multiple ack never reaches the broker
 * before the single ack of a tag it covers (which the broker would refuse, closing the channel). That is
 * the {@code throttled} {@link CommitStrategy}, the default; with {@code latest} nothing is held back:
 * every delivery is acked alone as soon as it is done. Which deliveries are open is the messaging
 * layer's {@link DonePositions}, of delivery tags.
 *
 * <pre>{@code
 * acks.open(tag);                         // handed to the messaging layer, in the queue's order
 * acks.done(tag, event, onDispatchThread); // acked now, or held back for a multiple ack
 * acks.flush();                           // the client's block ended: held acks go out
 * }</pre>
 *
 * <p>Thread-safe.
 */
final class Acks {

    private static final Logger LOG = LoggerFactory.getLogger(Acks.class);

    /** How long an ack is held back at most, in milliseconds. */
    static final long MOST_HELD_MS = 20;

    /** The one thread that sends acks held back too long, for every consumer. */
    private static final java.util.concurrent.ScheduledThreadPoolExecutor TIMER = timer();

    private static java.util.concurrent.ScheduledThreadPoolExecutor timer() {
        final java.util.concurrent.ScheduledThreadPoolExecutor timer =
                new java.util.concurrent.ScheduledThreadPoolExecutor(1, runnable -> Thread.ofPlatform()
                        .name("rabbitmq-held-acks")
                        .daemon(true)
                        .unstarted(runnable));
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    private final ChannelSettings settings;
    private final Channel channel;
    private final int batch;
    private final boolean holding;

    // The tags handed over and not yet settled (the client's tags only grow, across recoveries too).
    private final DonePositions open = new DonePositions();

    /** The highest tag whose ack is held back; 0 when none is. */
    private long held;

    private int heldCount;
    private long heldSince;
    private java.util.concurrent.ScheduledFuture<?> ticking;
    private final List<ConsumeEvent> heldEvents = new ArrayList<>();

    Acks(final ChannelSettings settings, final Channel channel) {
        this.settings = settings;
        this.channel = channel;
        // A held ack keeps its delivery counted against the prefetch: hold back a quarter of it at most.
        this.batch = Math.max(1, settings.prefetch() / 4);
        this.holding = settings.commitStrategy() == CommitStrategy.THROTTLED;
    }

    /** Starts sending acks held back longer than {@value #MOST_HELD_MS} ms; {@link #close} stops it. */
    synchronized void start() {
        if (holding) {
            ticking = TIMER.scheduleWithFixedDelay(
                    this::flushHeldTooLong, MOST_HELD_MS, MOST_HELD_MS, java.util.concurrent.TimeUnit.MILLISECONDS);
        }
    }

    /** Sends what is held back and stops the timer's checks. */
    synchronized void close() {
        flush();
        if (ticking != null) {
            ticking.cancel(false);
        }
    }

    private synchronized void flushHeldTooLong() {
        if (heldCount > 0 && System.nanoTime() - heldSince >= MOST_HELD_MS * 1_000_000) {
            flush();
        }
    }

    /** {@code tag} was handed to the messaging layer; tags are opened in the queue's order. */
    synchronized void open(final long tag) {
        open.open(tag);
    }

    /**
     * {@code tag} is done: acks it, or holds its ack back when {@code onDispatchThread}, no earlier
     * delivery is open and the strategy is {@code throttled}; {@code event}, if any, is committed with
     * whether the ack went out.
     */
    synchronized void done(final long tag, final Optional<ConsumeEvent> event, final boolean onDispatchThread) {
        if (open.done(tag) && onDispatchThread && holding) {
            held = tag;
            if (heldCount++ == 0) {
                heldSince = System.nanoTime();
            }
            event.ifPresent(heldEvents::add);
            if (heldCount >= batch) {
                flush();
            }
            return;
        }
        final boolean acked = send(tag, false);
        event.ifPresent(recorded -> commit(recorded, acked ? ConsumeEvent.ACKED : ConsumeEvent.ACK_LOST));
    }

    /** Gives {@code tag} back to the queue ({@code basic.nack} with requeue); it need not have been opened. */
    synchronized void giveBack(final long tag, final Optional<ConsumeEvent> event) {
        open.done(tag);
        try {
            channel.basicNack(tag, false, true);
        } catch (final IOException | RuntimeException e) {
            LOG.debug("Giving back {}#{} failed", settings.queue(), tag, e);
        }
        event.ifPresent(recorded -> commit(recorded, ConsumeEvent.REQUEUED));
    }

    /** How many acks are held back now, for tests. */
    synchronized int holding() {
        return heldCount;
    }

    /** Sends the acks held back, as one multiple ack. */
    synchronized void flush() {
        if (heldCount == 0) {
            return;
        }
        final boolean acked = send(held, true);
        for (final ConsumeEvent event : heldEvents) {
            commit(event, acked ? ConsumeEvent.ACKED : ConsumeEvent.ACK_LOST);
        }
        heldEvents.clear();
        held = 0;
        heldCount = 0;
    }

    /** Acks {@code tag} (and every one before it when {@code multiple}); false when the ack was lost with the channel. */
    private boolean send(final long tag, final boolean multiple) {
        try {
            channel.basicAck(tag, multiple);
            return true;
        } catch (final IOException | RuntimeException e) {
            // Lost with the channel: the broker delivers them again.
            LOG.warn(
                    "Delivery {}#{}{} of channel '{}' is done but its ack was lost ({}); it will be delivered again",
                    settings.queue(),
                    tag,
                    multiple ? " (and those before it)" : "",
                    settings.channel(),
                    e.toString());
            return false;
        }
    }

    private static void commit(final ConsumeEvent event, final String outcome) {
        event.end();
        if (event.shouldCommit()) {
            event.outcome = outcome;
            event.commit();
        }
    }
}
