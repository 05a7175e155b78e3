package org.jzenith.messaging.stream;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The stream of a channel's payloads that {@code @Channel("quotes") Multi<Quote>} (or {@code Publisher},
 * {@code Flowable}) injection points receive: a live view. Each subscriber gets the payloads that arrive
 * after it subscribed, in order, as it requests them; every subscriber has a bounded buffer of its
 * own. A payload is {@linkplain #publish handed on} once every subscriber's buffer took it, so a
 * subscriber that requests slowly holds the channel back (its records are not acknowledged, and the
 * connector stops fetching at its in-flight bound) — but for at most {@code patience}: a subscriber
 * whose buffer stays full that long is cancelled with an error saying so, and the channel goes on
 * without it. Payloads that arrive while nobody subscribes are not kept for later subscribers.
 * Thread-safe: the connector publishes from its threads, subscribers request and cancel from theirs.
 *
 * <pre>{@code
 * ChannelStream quotes = new ChannelStream("quotes", 256, Duration.ofSeconds(10));
 * Multi<Quote> multi = Multi.createFrom().publisher(quotes.typed());
 * quotes.publish(quote);   // from the channel's consumer
 * }</pre>
 */
public final class ChannelStream implements Flow.Publisher<Object> {

    private static final Logger LOG = LoggerFactory.getLogger(ChannelStream.class);

    private final String channel;
    private final int buffer;
    private final Duration patience;
    private final CopyOnWriteArraySet<Subscription> subscriptions = new CopyOnWriteArraySet<>();

    /**
     * The stream of {@code channel}, each subscriber buffering at most {@code buffer} payloads and
     * cancelled once its buffer stayed full for {@code patience}.
     */
    public ChannelStream(final String channel, final int buffer, final Duration patience) {
        if (buffer < 1) {
            throw new IllegalArgumentException("a stream's buffer holds at least one payload, not " + buffer);
        }
        this.channel = Objects.requireNonNull(channel, "channel");
        this.buffer = buffer;
        this.patience = Objects.requireNonNull(patience, "patience");
    }

    /** The channel's name. */
    public String channel() {
        return channel;
    }

    /** This stream as a publisher of {@code T}: the payloads are read as the channel's declared type. */
    @SuppressWarnings("unchecked")
    public <T> Flow.Publisher<T> typed() {
        return (Flow.Publisher<T>) (Flow.Publisher<?>) this;
    }

    /** How many subscribers receive the stream now. */
    public int subscribers() {
        return subscriptions.size();
    }

    @Override
    public void subscribe(final Flow.Subscriber<? super Object> subscriber) {
        Objects.requireNonNull(subscriber, "subscriber");
        final Subscription subscription = new Subscription(subscriber);
        subscriptions.add(subscription);
        subscriber.onSubscribe(subscription);
    }

    /**
     * Hands {@code payload} to every subscriber's buffer, waiting while one is full (at most the
     * patience, then that subscriber is cancelled); returns once each took it, or has gone.
     *
     * @throws InterruptedException when the thread is interrupted while waiting for room
     */
    public void publish(final Object payload) throws InterruptedException {
        Objects.requireNonNull(payload, "payload");
        for (final Subscription subscription : subscriptions) {
            subscription.offer(payload);
        }
    }

    /** Completes every subscriber's stream: the channel stopped. */
    public void complete() {
        subscriptions.forEach(Subscription::complete);
    }

    /** One subscriber: its buffer, what it requested, and a drain that delivers in order on one thread at a time. */
    private final class Subscription implements Flow.Subscription {

        private final Flow.Subscriber<? super Object> subscriber;
        private final ArrayBlockingQueue<Object> queue = new ArrayBlockingQueue<>(buffer);
        private final AtomicLong requested = new AtomicLong();
        private final AtomicInteger draining = new AtomicInteger();
        private final AtomicBoolean done = new AtomicBoolean();
        private volatile boolean completing;
        private volatile Throwable failure;

        Subscription(final Flow.Subscriber<? super Object> subscriber) {
            this.subscriber = subscriber;
        }

        void offer(final Object payload) throws InterruptedException {
            if (done.get()) {
                return;
            }
            if (!queue.offer(payload, patience.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn(
                        "A subscriber of channel '{}' took none of its {} buffered payloads for {} ms; cancelling"
                                + " its stream so that the channel goes on",
                        channel,
                        buffer,
                        patience.toMillis());
                end(new IllegalStateException("the subscriber of channel '" + channel + "' fell behind by " + buffer
                        + " payloads for " + patience.toMillis() + " ms"));
                return;
            }
            drain();
        }

        void complete() {
            completing = true;
            drain();
        }

        private void end(final Throwable why) {
            failure = why;
            completing = true;
            queue.clear();
            drain();
        }

        @Override
        public void request(final long n) {
            if (n <= 0) {
                end(new IllegalArgumentException("a subscriber requested " + n
                        + " payloads; Reactive Streams (rule 3.9) asks for a positive number"));
                return;
            }
            requested.getAndAccumulate(n, (current, more) -> current + more < 0 ? Long.MAX_VALUE : current + more);
            drain();
        }

        @Override
        public void cancel() {
            if (done.compareAndSet(false, true)) {
                subscriptions.remove(this);
                queue.clear();
            }
        }

        /** Delivers what is buffered and requested; one thread at a time, the others leave it more work. */
        private void drain() {
            if (draining.getAndIncrement() != 0) {
                return;
            }
            int missed = 1;
            while (true) {
                while (!done.get() && requested.get() > 0) {
                    final Object next = queue.poll();
                    if (next == null) {
                        break;
                    }
                    requested.decrementAndGet();
                    subscriber.onNext(next);
                }
                if (!done.get() && completing && queue.isEmpty() && done.compareAndSet(false, true)) {
                    subscriptions.remove(this);
                    if (failure == null) {
                        subscriber.onComplete();
                    } else {
                        subscriber.onError(failure);
                    }
                }
                missed = draining.addAndGet(-missed);
                if (missed == 0) {
                    return;
                }
            }
        }
    }
}
