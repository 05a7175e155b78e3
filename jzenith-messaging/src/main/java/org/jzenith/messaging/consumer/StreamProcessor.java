package org.jzenith.messaging.consumer;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jzenith.messaging.emitter.ChannelEmitter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running stream of one stream processor ({@code @Incoming("in") @Outgoing("out") Multi<O>
 * process(Multi<I> in)} and its {@code Publisher}, {@code Flowable} and {@code Message} forms): the
 * incoming stream the method was given, fed one message at a time by the channel's {@link
 * MessageProcessor} ({@link #offer}), and the subscriber of what the method returned, which sends each
 * item to the {@code @Outgoing} channel.
 *
 * <p><b>Back-pressure.</b> The outgoing side requests at most {@code window} items not yet confirmed by
 * the broker, one more each time the broker confirmed one; {@link #offer} waits until the stream
 * requested an item, so the consumer's thread waits, its messages stay in flight, and the connector
 * stops fetching at the channel's in-flight bound.
 *
 * <p><b>Acknowledgement.</b> When it takes and returns {@code Message}s, the method acknowledges: the incoming
 * message's {@code ack()}/{@code nack()}, kept by {@code withPayload} and the other {@code with} methods,
 * is called once the broker confirmed (or refused) the outgoing message made from it. Otherwise (payloads
 * on either side) each incoming message is acknowledged once every item the stream emitted while taking it was
 * confirmed: a {@code map} acknowledges after its result was sent, a {@code filter} that drops it at
 * once, a {@code concatMap} after all its results were, also those that waited for the outgoing side's
 * demand (messages taken while it had none stay open, each counting every result emitted until the demand
 * is back); a refused result rejects it (the channel's failure
 * strategy, by default to the dead letters). An item emitted later, on another thread or after the
 * operator held it (emitOn, buffering, an asynchronous call), cannot be traced to the messages it came
 * from: it is sent all the same, those messages were acknowledged when taken, as SmallRye does for
 * payload streams, and one WARN names the method.
 *
 * <p><b>End.</b> A stream that fails or completes while the channel runs stops the channel (its health
 * is DOWN naming the method, one ERROR) rather than consuming into nothing; unacknowledged messages
 * come again after a restart. Thread-safe: offers are serialized, as Reactive Streams asks.
 *
 * <pre>{@code
 * StreamProcessor stream = new StreamProcessor("quote-requests", "Quotes.process", false, false, quotesEmitter,
 *         256, stopping, failedChannels);
 * stream.start(quotes.process(Multi.createFrom().publisher(stream)));   // the method, called once
 * stream.offer(message);   // per record, from the channel's MessageProcessor; waits for demand
 * }</pre>
 */
public final class StreamProcessor implements Flow.Publisher<Object> {

    private static final Logger LOG = LoggerFactory.getLogger(StreamProcessor.class);
    private static final long DEMAND_CHECK_MS = 100;

    private final String channel;
    private final String method;
    private final boolean messagesIn;
    private final boolean messagesOut;
    /** Message streams on both sides: the method acknowledges, through the outgoing messages it makes. */
    private final boolean manual;

    private final ChannelEmitter<Object> forward;
    private final int window;
    private final CountDownLatch stopping;
    private final FailedChannels failed;

    private final ReentrantLock emitting = new ReentrantLock();
    private final ReentrantLock demandLock = new ReentrantLock();
    private final Condition demanded = demandLock.newCondition();
    private final AtomicLong requested = new AtomicLong();
    private final AtomicBoolean ended = new AtomicBoolean();
    private final AtomicBoolean reported = new AtomicBoolean();
    /** Whether the stream cancelled its input while an item was being taken; read by the emitting thread. */
    private boolean cancelledWhileTaking;

    private final AtomicBoolean warnedUntraced = new AtomicBoolean();
    private final AtomicReference<Flow.Subscriber<? super Object>> subscriber = new AtomicReference<>();
    /** The message being emitted, read only by the emitting thread (see {@link #emittingThread}). */
    private Taken current;

    private volatile Thread emittingThread;
    /** Messages taken while the outgoing side had no demand left, kept open for results that wait. */
    private final ConcurrentLinkedQueue<Taken> held = new ConcurrentLinkedQueue<>();
    /** What the outgoing side requested and was not sent yet. */
    private final AtomicLong demand = new AtomicLong();

    /**
     * The stream of {@code method} (as {@code Quotes.process}, for logs and health), consuming {@code
     * channel} and sending through {@code forward}, with at most {@code window} items unconfirmed.
     *
     * @param messagesIn whether the method takes {@code Message}s, or payloads
     * @param messagesOut whether it returns {@code Message}s, or payloads; with {@code messagesIn} the method
     *     acknowledges, otherwise each incoming message is acknowledged as its results are confirmed
     * @param stopping counted down when the channel stops; this counts it down when the stream ends
     */
    public StreamProcessor(
            final String channel,
            final String method,
            final boolean messagesIn,
            final boolean messagesOut,
            final ChannelEmitter<Object> forward,
            final int window,
            final CountDownLatch stopping,
            final FailedChannels failed) {
        if (window < 1) {
            throw new IllegalArgumentException("a stream processor's window holds at least one item, not " + window);
        }
        this.channel = Objects.requireNonNull(channel, "channel");
        this.method = Objects.requireNonNull(method, "method");
        this.messagesIn = messagesIn;
        this.messagesOut = messagesOut;
        this.manual = messagesIn && messagesOut;
        this.forward = Objects.requireNonNull(forward, "forward");
        this.window = window;
        this.stopping = Objects.requireNonNull(stopping, "stopping");
        this.failed = Objects.requireNonNull(failed, "failed");
    }

    /** Subscribes to what the method returned: from now on its items are sent, {@code window} at a time. */
    public void start(final Flow.Publisher<?> returned) {
        returned.subscribe(new Sink());
    }

    /** Whether the stream ended (failed, completed or cancelled its input). */
    public boolean ended() {
        return ended.get();
    }

    @Override
    public void subscribe(final Flow.Subscriber<? super Object> incoming) {
        Objects.requireNonNull(incoming, "subscriber");
        if (!subscriber.compareAndSet(null, incoming)) {
            incoming.onSubscribe(new Flow.Subscription() {
                @Override
                public void request(final long n) {}

                @Override
                public void cancel() {}
            });
            incoming.onError(new IllegalStateException("the incoming stream of " + method
                    + " is subscribed to once; the channel '" + channel + "' has one stream"));
            return;
        }
        incoming.onSubscribe(new Source());
    }

    /**
     * Hands {@code message} (the payload read and validated, with its ack and nack) to the stream once it
     * requested an item, waiting until it did; returns without taking it when the stream ended or the
     * channel stops, so that it stays unacknowledged and comes again. The channel's {@link
     * MessageProcessor} calls it, one message after the other per ordered source.
     */
    public void offer(final Object message) throws InterruptedException {
        final Message<?> incoming = (Message<?>) message;
        emitting.lockInterruptibly();
        try {
            if (!awaitDemand()) {
                return;
            }
            requested.decrementAndGet();
            final Taken taken = new Taken(incoming);
            current = taken;
            emittingThread = Thread.currentThread();
            try {
                subscriber.get().onNext(messagesIn ? incoming : incoming.getPayload());
            } finally {
                emittingThread = null;
                current = null;
            }
            if (cancelledWhileTaking) {
                report("cancelled its incoming stream", null); // unless it said why: a failure comes first
            }
            if (ended.get()) {
                return; // the stream ended taking it (an operator threw): not acknowledged, it comes again
            }
            if (manual || demand.get() > 0) {
                taken.release(); // the outgoing side had demand left: a synchronous operator emitted all it had
            } else {
                // Results may wait in an operator for the outgoing side's demand (concatMap at a full window):
                // it stays open, and counts them, until the demand is back and nothing waits.
                held.add(taken);
                if (demand.get() > 0) {
                    releaseHeld();
                }
            }
        } finally {
            emitting.unlock();
        }
    }

    /** Waits until the stream requested an item; false when it ended or the channel stops first. */
    private boolean awaitDemand() throws InterruptedException {
        demandLock.lockInterruptibly();
        try {
            while (requested.get() == 0 || subscriber.get() == null) {
                if (ended.get() || stopping.getCount() == 0) {
                    return false;
                }
                demanded.await(DEMAND_CHECK_MS, TimeUnit.MILLISECONDS);
            }
            return !ended.get();
        } finally {
            demandLock.unlock();
        }
    }

    private void signalDemand() {
        demandLock.lock();
        try {
            demanded.signalAll();
        } finally {
            demandLock.unlock();
        }
    }

    /** The stream ended: nothing more is taken, and while the channel runs it stops, once, saying why. */
    private void end(final String why, final Throwable failure) {
        ended.set(true);
        signalDemand();
        report(why, failure);
    }

    private void report(final String why, final Throwable failure) {
        if (!reported.compareAndSet(false, true)) {
            return;
        }
        if (stopping.getCount() == 0) {
            LOG.debug("The stream of {} ended as channel '{}' stopped: {}", method, channel, why);
            return;
        }
        failed.streamEnded(channel, "the stream of " + method + " " + why);
        LOG.error(
                "Channel '{}' stops consuming: the stream of {} {}; its health check is DOWN until the"
                        + " application restarts, which delivers its unacknowledged messages again",
                channel,
                method,
                why,
                failure);
        stopping.countDown();
    }

    /** The incoming side's subscription, as the method's stream requests and cancels it. */
    private final class Source implements Flow.Subscription {
        @Override
        public void request(final long n) {
            if (n <= 0) {
                end(
                        "requested " + n + " items (Reactive Streams rule 3.9 asks for a positive number)",
                        new IllegalArgumentException("request(" + n + ")"));
                return;
            }
            requested.getAndAccumulate(n, (now, more) -> now + more < 0 ? Long.MAX_VALUE : now + more);
            signalDemand();
        }

        @Override
        public void cancel() {
            if (Thread.currentThread() == emittingThread) {
                // An operator failing on the item being taken cancels first, then says why downstream.
                ended.set(true);
                cancelledWhileTaking = true;
                return;
            }
            end("cancelled its incoming stream", null);
        }
    }

    /**
     * One incoming message of a payload stream while it is in the stream: acknowledged once it was
     * taken and every item emitted while it was taken was confirmed, rejected when one was refused.
     */
    private final class Taken {
        private final Message<?> incoming;
        /** One for the taking itself, one per item emitted meanwhile and not yet confirmed. */
        private final AtomicInteger open = new AtomicInteger(1);

        private final AtomicReference<Throwable> refused = new AtomicReference<>();

        Taken(final Message<?> incoming) {
            this.incoming = incoming;
        }

        void emitted() {
            open.incrementAndGet();
        }

        /** Counts one more result unless it was released already; false then. */
        boolean emittedLater() {
            while (true) {
                final int now = open.get();
                if (now == 0) {
                    return false;
                }
                if (open.compareAndSet(now, now + 1)) {
                    return true;
                }
            }
        }

        void refused(final Throwable failure) {
            refused.compareAndSet(null, failure);
        }

        void release() {
            if (manual || open.decrementAndGet() != 0) {
                return;
            }
            final Throwable failure = refused.get();
            if (failure == null) {
                incoming.ack();
            } else {
                incoming.nack(failure);
            }
        }
    }

    /**
     * The messages an item being emitted may come from, each counting it: the one being taken, when the
     * item is emitted while it is; else every message held open for results that waited for demand (which
     * of them it comes from is not known, so each waits for it); none when neither.
     */
    private List<Taken> traced() {
        if (Thread.currentThread() == emittingThread) {
            final Taken taking = current;
            taking.emitted();
            return List.of(taking);
        }
        final List<Taken> waiting = new ArrayList<>(held.size());
        for (final Taken each : held) {
            if (each.emittedLater()) {
                waiting.add(each);
            }
        }
        return waiting;
    }

    /** Releases the messages held open: the outgoing side has demand again, so no result waits in an operator. */
    private void releaseHeld() {
        Taken waiting;
        while ((waiting = held.poll()) != null) {
            waiting.release();
        }
    }

    /** Subscribes to what the method returned and sends its items, {@code window} unconfirmed at most. */
    private final class Sink implements Flow.Subscriber<Object> {
        private volatile Flow.Subscription subscription;

        @Override
        public void onSubscribe(final Flow.Subscription given) {
            subscription = given;
            request(window);
        }

        /** Requests {@code n} more; once what waited was emitted and demand is left, nothing waits any more. */
        private void request(final long n) {
            demand.addAndGet(n);
            subscription.request(n);
            if (demand.get() > 0 && !held.isEmpty()) {
                releaseHeld();
            }
        }

        @Override
        public void onNext(final Object item) {
            if (item == null) {
                onError(new NullPointerException("the stream emitted null (Reactive Streams rule 2.13)"));
                return;
            }
            demand.decrementAndGet();
            final List<Taken> taken = manual ? List.of() : traced();
            if (!manual && taken.isEmpty() && warnedUntraced.compareAndSet(false, true)) {
                LOG.warn(
                        "The stream of {} emits items apart from the incoming message they come from (on another"
                                + " thread or after holding it); such items are sent, but the messages before"
                                + " them were acknowledged when taken; take and return Message streams to"
                                + " acknowledge each yourself",
                        method);
            }
            final Message<?> outgoing = messagesOut ? (Message<?>) item : null;
            final CompletionStage<Void> sending;
            if (outgoing == null) {
                sending = forward.send(item);
            } else if (outgoing.getPayload() == null) {
                sending = CompletableFuture.completedFuture(null); // nothing to send: acknowledged as done
            } else {
                sending = forward.sendMessage(outgoing);
            }
            sending.whenComplete((done, failure) -> {
                final Throwable refused = failure == null ? null : unwrapped(failure);
                if (outgoing != null) {
                    if (refused == null) {
                        outgoing.ack();
                    } else {
                        outgoing.nack(refused);
                    }
                }
                for (final Taken each : taken) {
                    if (refused != null) {
                        each.refused(refused);
                    }
                    each.release();
                }
                request(1);
            });
        }

        @Override
        public void onError(final Throwable failure) {
            end("failed: " + failure, failure);
        }

        @Override
        public void onComplete() {
            end("completed; a stream processor's stream must not end while its channel is consumed", null);
        }
    }

    private static Throwable unwrapped(final Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }
}
