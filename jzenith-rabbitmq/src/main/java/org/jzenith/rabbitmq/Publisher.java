package org.jzenith.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.AlreadyClosedException;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConfirmListener;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Publishes with publisher confirms and {@code mandatory=true} on one channel of the plugin's
 * connection: a publish completes when the broker acknowledged it, and fails when the broker returned
 * it (no queue bound for its routing key: {@link UnroutableException}), refused it ({@code nack}),
 * closed the channel (a missing exchange, access refused), lost the connection before it confirmed,
 * or did not confirm within the send timeout; while the broker blocks publishing (a memory or disk
 * alarm) it fails at once. Every message carries a {@code message-id} of its own,
 * which ties a returned message to its publish. A channel the broker closed is replaced at the next
 * publish; one the connection's recovery recovers is kept. Publishes are serialised on the channel
 * (the client's confirm numbering is per channel); the waits for confirms are not. Thread-safe.
 */
final class Publisher {

    private final Connection connection;
    private final Duration timeout;
    private final java.util.function.Supplier<Optional<String>> blocked;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile ConfirmChannel current; // replaced under lock; read by the timeout sweep too
    private java.util.concurrent.ScheduledFuture<?> sweeping; // guarded by lock

    /**
     * The one thread that fails publishes not confirmed within the send timeout, for every publisher: a
     * sweep over the oldest unconfirmed publishes a few times per timeout, rather than a timer per
     * publish (whose scheduling and cancelling woke a scheduler thread for every message).
     */
    private static final java.util.concurrent.ScheduledThreadPoolExecutor TIMEOUTS = timeouts();

    private static java.util.concurrent.ScheduledThreadPoolExecutor timeouts() {
        final java.util.concurrent.ScheduledThreadPoolExecutor timer =
                new java.util.concurrent.ScheduledThreadPoolExecutor(1, runnable -> Thread.ofPlatform()
                        .name("rabbitmq-send-timeouts")
                        .daemon(true)
                        .unstarted(runnable));
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    /** Publishes on {@code connection}, failing at once while {@code blocked} says why the broker blocks it. */
    Publisher(
            final Connection connection,
            final Duration timeout,
            final java.util.function.Supplier<Optional<String>> blocked) {
        this.connection = connection;
        this.timeout = timeout;
        this.blocked = blocked;
    }

    /** A publish waiting for its confirm, and the return that came before it, if any. */
    private record Pending(
            CompletableFuture<Void> confirmed,
            AtomicReference<UnroutableException> returned,
            long deadline,
            String sent) {}

    /** One confirm channel and the publishes it has not confirmed yet. */
    private static final class ConfirmChannel {
        private final Channel channel;
        private final ConcurrentNavigableMap<Long, Pending> bySequence = new ConcurrentSkipListMap<>();
        private final Map<String, Pending> byId = new ConcurrentHashMap<>();

        ConfirmChannel(final Channel channel) throws IOException {
            this.channel = channel;
            channel.confirmSelect();
            channel.addReturnListener(returned -> {
                final Pending pending = byId.get(OutgoingProperties.publishId(returned.getProperties()));
                if (pending != null) {
                    pending.returned()
                            .set(new UnroutableException(
                                    returned.getReplyCode(),
                                    returned.getReplyText(),
                                    returned.getExchange(),
                                    returned.getRoutingKey()));
                }
            });
            channel.addConfirmListener(new ConfirmListener() {
                @Override
                public void handleAck(final long sequence, final boolean multiple) {
                    settle(sequence, multiple, null);
                }

                @Override
                public void handleNack(final long sequence, final boolean multiple) {
                    settle(
                            sequence,
                            multiple,
                            new IOException("the broker refused the message (basic.nack): a queue it"
                                    + " routes to is full and refuses more (overflow=reject-publish), or the broker"
                                    + " could not store it"));
                }
            });
            // Lost with the connection or closed by the broker: what it has not confirmed never will be
            // (a recovered channel numbers its publishes afresh).
            channel.addShutdownListener(this::failAll);
        }

        private void settle(final long sequence, final boolean multiple, final Exception failure) {
            final Map<Long, Pending> done = multiple ? bySequence.headMap(sequence, true) : bySequence;
            if (multiple) {
                done.values().forEach(pending -> complete(pending, failure));
                done.clear();
            } else {
                final Pending pending = bySequence.remove(sequence);
                if (pending != null) {
                    complete(pending, failure);
                }
            }
        }

        private static void complete(final Pending pending, final Exception failure) {
            final UnroutableException returned = pending.returned().get();
            if (failure != null) {
                pending.confirmed().completeExceptionally(failure);
            } else if (returned != null) {
                pending.confirmed().completeExceptionally(returned);
            } else {
                pending.confirmed().complete(null);
            }
        }

        private void failAll(final ShutdownSignalException cause) {
            bySequence.values().forEach(pending -> pending.confirmed().completeExceptionally(cause));
            bySequence.clear();
        }
    }

    /**
     * Publishes {@code body} to {@code exchange} with {@code routingKey}; {@code properties} must carry
     * an id unique to this publish ({@link OutgoingProperties#publishId}). The future completes once the broker confirmed it;
     * {@code sent} names what is sent in its failure ({@code channel 'orders'}).
     */
    CompletableFuture<Void> publish(
            final String sent,
            final String exchange,
            final String routingKey,
            final AMQP.BasicProperties properties,
            final byte[] body) {
        final CompletableFuture<Void> confirmed = new CompletableFuture<>();
        final Optional<String> blocking = blocked.get();
        if (blocking.isPresent()) {
            confirmed.completeExceptionally(new IOException("RabbitMQ blocks publishing: " + blocking.get()));
            return confirmed;
        }
        final Pending pending =
                new Pending(confirmed, new AtomicReference<>(), System.nanoTime() + timeout.toNanos(), sent);
        final String id = OutgoingProperties.publishId(properties);
        lock.lock();
        try {
            if (sweeping == null) {
                final long period = Math.clamp(timeout.toMillis() / 10, 10, 1000);
                sweeping = TIMEOUTS.scheduleWithFixedDelay(this::expire, period, period, TimeUnit.MILLISECONDS);
            }
            final ConfirmChannel channel = channel();
            final long sequence = channel.channel.getNextPublishSeqNo();
            channel.byId.put(id, pending);
            channel.bySequence.put(sequence, pending);
            confirmed.whenComplete((ignored, failure) -> {
                channel.byId.remove(id, pending);
                channel.bySequence.remove(sequence, pending);
            });
            channel.channel.basicPublish(exchange, routingKey, true, properties, body);
        } catch (final IOException | AlreadyClosedException e) {
            confirmed.completeExceptionally(e);
        } finally {
            lock.unlock();
        }
        return confirmed;
    }

    /**
     * Fails the publishes whose send timeout passed without a confirm; the oldest come first (publishes
     * are numbered in their order, all with the same timeout), so it stops at the first still in time.
     */
    private void expire() {
        final ConfirmChannel channel = current;
        if (channel == null) {
            return;
        }
        final long now = System.nanoTime();
        for (final Pending pending : channel.bySequence.values()) {
            if (now - pending.deadline() < 0) {
                return;
            }
            pending.confirmed()
                    .completeExceptionally(
                            new java.util.concurrent.TimeoutException("RabbitMQ did not confirm the send to "
                                    + pending.sent() + " within the send timeout (" + timeout.toMillis() + " ms)"));
        }
    }

    /** The confirm channel, opened anew when the broker closed the last one. Called under the lock. */
    private ConfirmChannel channel() throws IOException {
        if (current == null || !current.channel.isOpen()) {
            if (!connection.isOpen()) {
                throw new AlreadyClosedException(
                        connection.getCloseReason() == null
                                ? new ShutdownSignalException(true, false, null, connection)
                                : connection.getCloseReason());
            }
            current = new ConfirmChannel(connection.createChannel());
        }
        return current;
    }

    /** Closes the channel; publishes not confirmed yet fail. */
    void close() {
        lock.lock();
        try {
            if (sweeping != null) {
                sweeping.cancel(false);
            }
            if (current != null && current.channel.isOpen()) {
                current.channel.close();
            }
        } catch (final IOException | java.util.concurrent.TimeoutException | RuntimeException e) {
            // closing anyway: the connection closes next
        } finally {
            lock.unlock();
        }
    }
}
