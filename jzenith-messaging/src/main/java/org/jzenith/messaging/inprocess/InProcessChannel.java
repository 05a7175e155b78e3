package org.jzenith.messaging.inprocess;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.jzenith.messaging.consumer.ConsumerChannel;
import org.jzenith.messaging.spi.OutboundMessage;

/**
 * One in-process channel: what its upstreams send goes to each of its {@code @Incoming} methods (one,
 * or several under {@code @Broadcast}) through a bounded buffer per method, in order, on a virtual
 * thread per method. {@link #send} blocks while a buffer is full, up to the patience, and its stage
 * completes when every consumer is done with the message (its method returned, or acknowledged a
 * {@code Message<T>}, and a processor's result was taken downstream); it fails with the failure when a
 * consumer failed for good (failure-strategy {@code nack}, the default), when the channel stopped
 * (failure-strategy {@code fail}) or is closed. The payload reaches each consumer through its codec, as
 * its sender wrote it, so that no consumer shares a mutable object with its sender; the sender's {@code
 * Message} metadata, immutable by the specification's contract, reaches it as it is ({@link
 * InProcessOutbound}), as SmallRye hands the {@code Message} itself downstream. Thread-safe.
 */
final class InProcessChannel implements InProcessOutbound {

    private static final Delivery POISON = new Delivery(null, null);

    private final String channel;
    private final int buffer;
    private final Duration patience;
    private final InFlight inFlight;
    private final Supplier<String> stoppedBecause;
    private final AtomicLong numbers = new AtomicLong();
    private final List<Consumer> consumers = new ArrayList<>();
    private volatile boolean closed;

    InProcessChannel(
            final String channel,
            final int buffer,
            final Duration patience,
            final InFlight inFlight,
            final Supplier<String> stoppedBecause) {
        this.channel = channel;
        this.buffer = buffer;
        this.patience = patience;
        this.inFlight = inFlight;
        this.stoppedBecause = stoppedBecause;
    }

    /** Adds a consumer ({@code @Incoming} method) of this channel; before {@link #start}. */
    void add(final ConsumerChannel consumer) {
        consumers.add(new Consumer(consumer, new ArrayBlockingQueue<>(buffer)));
    }

    /** Starts a virtual thread per consumer. */
    void start() {
        consumers.forEach(consumer -> Thread.ofVirtual()
                .name("in-process-" + channel + "-"
                        + consumer.channel().method().method().getName())
                .start(() -> run(consumer)));
    }

    /** The channel's name. */
    String name() {
        return channel;
    }

    @Override
    public CompletionStage<Void> send(final OutboundMessage message) {
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException(
                    "the in-process channel '" + channel + "' is closed: the application is stopping"));
        }
        final long number = numbers.incrementAndGet();
        final io.opentelemetry.context.Context sender = io.opentelemetry.context.Context.current();
        final List<CompletableFuture<Void>> done = new ArrayList<>(consumers.size());
        for (final Consumer consumer : consumers) {
            done.add(offer(
                    consumer,
                    new Delivery(new InProcessInbound(channel, number, message, sender), new CompletableFuture<>())));
        }
        return done.size() == 1 ? done.getFirst() : CompletableFuture.allOf(done.toArray(CompletableFuture[]::new));
    }

    @Override
    public boolean open() {
        return !closed
                && consumers.stream()
                        .allMatch(consumer -> consumer.channel().stopping().getCount() > 0);
    }

    /** Stops taking messages and ends the consumers' threads once their buffers are empty; what is left fails. */
    synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (final Consumer consumer : consumers) {
            consumer.channel().stopping().countDown();
            final List<Delivery> left = new ArrayList<>();
            consumer.queue().drainTo(left);
            left.stream()
                    .filter(delivery -> delivery != POISON)
                    .forEach(delivery -> delivery.fail(new IllegalStateException("the in-process channel '" + channel
                            + "' closed before " + delivery.message().position() + " was consumed: the application is"
                            + " stopping")));
            consumer.queue().offer(POISON);
        }
    }

    /** A message on its way to one consumer, and the stage its sender waits on. */
    private record Delivery(InProcessInbound message, CompletableFuture<Void> done) {

        /** Completes as the consumer left it: done, or failed with what the failure strategy handed back. */
        void settle() {
            message.rejection().ifPresentOrElse(done::completeExceptionally, () -> done.complete(null));
        }

        void fail(final Throwable failure) {
            done.completeExceptionally(failure);
        }
    }

    /** One {@code @Incoming} method of the channel, with its buffer. */
    private record Consumer(ConsumerChannel channel, BlockingQueue<Delivery> queue) {}

    private CompletableFuture<Void> offer(final Consumer consumer, final Delivery delivery) {
        inFlight.add();
        delivery.done().whenComplete((ignored, failure) -> inFlight.remove());
        try {
            if (!consumer.queue().offer(delivery, patience.toMillis(), TimeUnit.MILLISECONDS)) {
                delivery.fail(new IllegalStateException("the in-process channel '" + channel + "' is full: "
                        + consumer.channel().describe() + " has " + buffer + " messages waiting and took none"
                        + " for " + patience.toMillis() + " ms"));
            } else if (closed && consumer.queue().remove(delivery)) {
                delivery.fail(new IllegalStateException(
                        "the in-process channel '" + channel + "' is closed: the application is stopping"));
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            delivery.fail(e);
        }
        return delivery.done();
    }

    private void run(final Consumer consumer) {
        while (true) {
            final Delivery delivery;
            try {
                delivery = consumer.queue().take();
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (delivery == POISON) {
                return;
            }
            if (consumer.channel().stopping().getCount() == 0) {
                delivery.fail(stopped());
                continue;
            }
            if (!consumer.channel().processor().process(delivery.message(), delivery::settle)) {
                delivery.fail(stopped());
            }
        }
    }

    private IllegalStateException stopped() {
        return new IllegalStateException("the in-process channel '" + channel + "' stopped: " + stoppedBecause.get());
    }
}
