package org.jzenith.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Delivery;
import com.rabbitmq.client.Envelope;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import org.jzenith.messaging.spi.InboundMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Consumes one channel's queue on a channel of its own: {@code basic.qos} of the channel's prefetch
 * (the broker sends no more deliveries than that unacknowledged), manual acks, and the deliveries
 * handed to the messaging layer in the order the queue gave them, each on the virtual thread the
 * client dispatches it on ({@link ConsumerDispatch}: one hop from the connection's reader, as with the
 * bare client), acknowledging each once the layer says it may be: when its method is done, or later,
 * from another thread, when a processor's result was confirmed or a {@code Message} method called
 * {@code ack()}; the next delivery is taken meanwhile, and the prefetch bounds how many wait. Acks of
 * deliveries done in order on the dispatch thread go out together as one multiple ack ({@link Acks})
 * once the client's block of deliveries ends (it had nothing more of the queue's to hand over, or 16).
 *
 * <p>On {@link #stop} (or when the failure strategy {@code fail} or an ended stream stops the channel)
 * the consumer is cancelled, the message being processed finishes and those waiting for their
 * acknowledgement get it within the drain timeout, the deliveries not started are given back ({@code
 * basic.nack} with requeue) as the client hands them over, and the channel is closed, which gives back
 * anything still unacknowledged. After the connection was lost and recovered, the client re-registers
 * the consumer; acks of deliveries from before are void, and the broker delivers those again. Logs
 * name the queue and the delivery tag, never the body.
 *
 * <p>{@link #stop} may be called from any thread.
 */
final class QueueConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(QueueConsumer.class);

    /**
     * Takes one delivery to its end and runs {@code acknowledged} when it may be acknowledged (before it
     * returns, or later on another thread); false when the channel stops at it: it is given back.
     */
    @FunctionalInterface
    interface Processing {
        boolean process(InboundMessage message, Runnable acknowledged);
    }

    private final ChannelSettings settings;
    private final Connection connection;
    private final Processing process;
    private final Duration drainTimeout;
    private final CountDownLatch stopping;
    // Held while a delivery is handed over: the end of consuming waits for the one in progress.
    private final ReentrantLock handing = new ReentrantLock();
    private final CompletableFuture<Void> ended = new CompletableFuture<>();
    private final CompletableFuture<Void> drained = new CompletableFuture<>();
    private final String session = UUID.randomUUID().toString();
    private final AtomicInteger unsettled = new AtomicInteger(); // handed to the layer, neither acked nor given back
    // Completed when unsettled reaches 0 once stopping waits for it; null until then, so that settling a
    // delivery costs a decrement and a volatile read.
    private volatile CompletableFuture<Void> allSettled;
    private final AtomicReference<Optional<String>> cancelled = new AtomicReference<>(Optional.empty());
    private volatile Channel channel;
    private volatile Acks acks;
    private volatile String consumerTag;
    private volatile Runnable flushAcks = () -> {};
    private final String threadName;

    QueueConsumer(
            final ChannelSettings settings,
            final Connection connection,
            final Processing process,
            final Duration drainTimeout,
            final CountDownLatch stopping) {
        this.settings = settings;
        this.connection = connection;
        this.process = process;
        this.drainTimeout = drainTimeout;
        this.stopping = stopping;
        this.threadName = "rabbitmq-" + settings.channel();
    }

    /** The channel consumed. */
    String channel() {
        return settings.channel();
    }

    /** Whether the channel is stopping (or stopped), for tests that stop it mid-message. */
    boolean stopping() {
        return stopping.getCount() == 0;
    }

    /** Why the broker cancelled the consumer (its queue deleted), if it did. */
    Optional<String> cancelled() {
        return cancelled.get();
    }

    /**
     * Opens the channel and starts consuming, on {@code connection}'s dispatch, which must be a {@link
     * ConsumerDispatch} for the acks held back to go out.
     */
    void start() throws IOException {
        channel = connection.createChannel();
        acks = new Acks(settings, channel);
        final Acks started = acks;
        flushAcks = started::flush;
        channel.basicQos(settings.prefetch());
        consumerTag = channel.basicConsume(settings.queue(), false, new DefaultConsumer(channel) {
            @Override
            public void handleDelivery(
                    final String tag,
                    final Envelope envelope,
                    final AMQP.BasicProperties properties,
                    final byte[] body) {
                hand(new Delivery(envelope, properties, body));
            }

            @Override
            public void handleCancel(final String tag) {
                final String why = "the broker cancelled the consumer of queue '" + settings.queue() + "' (deleted?)";
                cancelled.set(Optional.of(why));
                LOG.error("Channel '{}': {}", settings.channel(), why);
            }
        });
        started.start();
        // Ends consuming once the channel stops: by stop(), the failure strategy fail or an ended stream.
        Thread.ofVirtual().name(threadName + "-stopping").start(this::endWhenStopping);
    }

    /** Hands {@code delivery} to the messaging layer on the client's dispatch thread, or gives it back once stopping. */
    private void hand(final Delivery delivery) {
        final long tag = delivery.getEnvelope().getDeliveryTag();
        // the client's dispatch thread, named for the channel it now processes, as logs show; renamed
        // only when it changes, since each rename is a system call
        final Thread dispatch = Thread.currentThread();
        if (!threadName.equals(dispatch.getName())) {
            dispatch.setName(threadName);
        }
        handing.lock();
        try {
            if (stopping.getCount() == 0) {
                acks.giveBack(tag, Optional.empty());
                return;
            }
            final Settling settling = new Settling(tag, consumeEvent(delivery), Thread.currentThread());
            unsettled.incrementAndGet();
            acks.open(tag);
            try {
                if (!process.process(new RabbitMqInbound(delivery, settings.queue(), session), settling)) {
                    settling.giveBack();
                }
            } catch (final RuntimeException e) {
                LOG.error("Channel '{}' stopped consuming queue '{}'", settings.channel(), settings.queue(), e);
                settling.giveBack();
                stopping.countDown();
            }
        } finally {
            handing.unlock();
            // Acks held back on this thread go out when the client's block ends.
            ConsumerDispatch.atBlockEnd(flushAcks);
        }
    }

    /**
     * Waits for the channel to stop, then for the delivery being handed over and, within the drain
     * timeout in all, for the acknowledgements of those handed over; then cancels the consumer.
     */
    private void endWhenStopping() {
        try {
            stopping.await();
            final long deadline = System.nanoTime() + drainTimeout.toNanos();
            if (handing.tryLock(drainTimeout.toNanos(), TimeUnit.NANOSECONDS)) {
                handing.unlock();
            }
            acks.close();
            awaitAcknowledgements(Math.max(0, deadline - System.nanoTime()));
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            // Stopped by the failure strategy fail, an ended stream or stop(): no more deliveries either way.
            try {
                if (channel.isOpen()) {
                    channel.basicCancel(consumerTag);
                }
            } catch (final IOException | RuntimeException e) {
                LOG.debug("Cancelling the consumer of {} failed (cancelled already?)", settings.queue(), e);
            }
            drained.complete(null);
        }
    }

    /**
     * One delivery handed to the messaging layer, run when it may be acknowledged: acked (or its ack held
     * back, on the dispatch thread) or given back once, since a second ack of a tag would close the channel.
     */
    private final class Settling implements Runnable {
        private final long tag;
        private final Optional<ConsumeEvent> event;
        private final Thread dispatchThread;
        private volatile boolean settled;

        Settling(final long tag, final Optional<ConsumeEvent> event, final Thread dispatchThread) {
            this.tag = tag;
            this.event = event;
            this.dispatchThread = dispatchThread;
        }

        @Override
        public void run() {
            if (settle()) {
                acks.done(tag, event, Thread.currentThread() == dispatchThread);
                settledOne();
            }
        }

        void giveBack() {
            if (settle()) {
                acks.giveBack(tag, event);
                settledOne();
            }
        }

        /** True the first time only; no atomic instruction on the dispatch thread, where most deliveries settle. */
        private boolean settle() {
            return !settled && SETTLED.compareAndSet(this, false, true);
        }
    }

    private static final java.lang.invoke.VarHandle SETTLED = settledHandle();

    private static java.lang.invoke.VarHandle settledHandle() {
        try {
            return java.lang.invoke.MethodHandles.lookup().findVarHandle(Settling.class, "settled", boolean.class);
        } catch (final ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Waits, up to the drain timeout, for the deliveries handed over to be acknowledged (a processor's
     * results confirmed, a {@code Message} method's ack); those still waiting then are delivered again
     * once the channel closes.
     */
    private void awaitAcknowledgements(final long nanos) {
        final CompletableFuture<Void> all = new CompletableFuture<>();
        allSettled = all;
        // A closed channel takes no acks any more: nothing to wait for. Called at once if closed already.
        channel.addShutdownListener(cause -> all.complete(null));
        if (unsettled.get() == 0) {
            return; // settled before allSettled was seen: settledOne() may not have completed it
        }
        try {
            all.get(nanos, TimeUnit.NANOSECONDS);
        } catch (final java.util.concurrent.TimeoutException e) {
            LOG.debug(
                    "Channel '{}': {} deliveries not settled within the drain timeout", settings.channel(), unsettled);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (final java.util.concurrent.ExecutionException e) {
            LOG.debug("Waiting for the acks of {} failed", settings.queue(), e);
        }
    }

    /** One delivery acked or given back; completes {@link #allSettled} when it was the last one. */
    private void settledOne() {
        if (unsettled.decrementAndGet() == 0) {
            final CompletableFuture<Void> all = allSettled;
            if (all != null) {
                all.complete(null);
            }
        }
    }

    /** A consume event of {@code delivery} begun now; none when no recording takes them. */
    private Optional<ConsumeEvent> consumeEvent(final Delivery delivery) {
        if (!ConsumeEvent.RECORDING.isEnabled()) {
            return Optional.empty();
        }
        final ConsumeEvent event = new ConsumeEvent();
        event.channel = settings.channel();
        event.queue = settings.queue();
        event.deliveryTag = delivery.getEnvelope().getDeliveryTag();
        event.redelivered = delivery.getEnvelope().isRedeliver();
        event.begin();
        return Optional.of(event);
    }

    /** Cancels the consumer, drains within the drain timeout, gives back the rest and closes; completes when done. */
    CompletableFuture<Void> stop() {
        if (channel == null) {
            // never started (start-up failed before it): nothing to drain or close
            stopping.countDown();
            ended.complete(null);
        }
        if (ended.isDone()) {
            return ended;
        }
        Thread.ofVirtual().name("rabbitmq-stop-" + settings.channel()).start(() -> {
            try {
                if (channel.isOpen()) {
                    channel.basicCancel(consumerTag);
                }
            } catch (final IOException | RuntimeException e) {
                LOG.debug("Cancelling the consumer of {} failed", settings.queue(), e);
            }
            stopping.countDown();
            try {
                drained.get(drainTimeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (final java.util.concurrent.TimeoutException e) {
                LOG.warn(
                        "Channel '{}' stopped with a message still being processed or waiting for its"
                                + " acknowledgement after the drain timeout ({} ms); it will be delivered again",
                        settings.channel(),
                        drainTimeout.toMillis());
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (final java.util.concurrent.ExecutionException e) {
                LOG.debug("Draining {} failed", settings.queue(), e);
            }
            try {
                if (channel.isOpen()) {
                    channel.close();
                }
            } catch (final IOException | java.util.concurrent.TimeoutException | RuntimeException e) {
                LOG.debug("Closing the channel of {} failed", settings.queue(), e);
            }
            ended.complete(null);
        });
        return ended;
    }
}
