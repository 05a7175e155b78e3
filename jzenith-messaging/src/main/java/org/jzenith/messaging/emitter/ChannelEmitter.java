package org.jzenith.messaging.emitter;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Context;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jzenith.messaging.Keyed;
import org.jzenith.messaging.spi.EmitterOverflow;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.OutboundMessage;
import org.jzenith.messaging.spi.Payload;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link Emitter} injected for {@code @Channel("name")}, for any connector: writes each payload
 * ({@link Payload}), takes its key where it is {@link Keyed}, and hands it to the connector's {@link
 * Outbound}. {@link #send(Object)} completes when the broker has confirmed the message and fails when
 * it did not, or when the connector does not run. Never blocks an event loop: called on one, the
 * message is handed over on a virtual thread, since a client may wait for room or metadata. An {@code
 * @OnOverflow} on an injection point bounds the sends waiting for the broker's confirmation ({@link
 * #bound}, {@link EmitterOverflow}). Thread-safe.
 *
 * <pre>{@code
 * Emitter<Order> orders = new ChannelEmitter<>("orders", Payload.of(Order.class, json).orElseThrow(), outbound);
 * orders.send(order).toCompletableFuture().join();
 * }</pre>
 *
 * @param <T> the payload type
 */
public final class ChannelEmitter<T> implements Emitter<T> {

    private static final Logger LOG = LoggerFactory.getLogger(ChannelEmitter.class);
    private static final Executor VIRTUAL =
            command -> Thread.ofVirtual().name("messaging-send").start(command);

    private final String channel;
    private final Payload payload;
    private final Outbound outbound;
    private final Counter dropped;
    /** {@link #logFailure} made once: a method reference bound to this emitter is an object a send. */
    private final java.util.function.BiConsumer<Void, Throwable> logsFailure = this::logFailure;
    /** Sends handed over and not yet confirmed or refused by the broker, counted under an {@code @OnOverflow}. */
    private final AtomicInteger unconfirmed = new AtomicInteger();

    private volatile Optional<EmitterOverflow> overflow = Optional.empty();

    /** An emitter of {@code channel}, writing payloads with {@code payload} and sending through {@code outbound}. */
    public ChannelEmitter(final String channel, final Payload payload, final Outbound outbound) {
        this(
                channel,
                payload,
                outbound,
                Counter.builder("messaging_emitter_dropped_total").register(new SimpleMeterRegistry()));
    }

    /**
     * An emitter of {@code channel}, as {@link #ChannelEmitter(String, Payload, Outbound)}, counting the
     * messages an {@code @OnOverflow(DROP)} drops on {@code dropped}.
     */
    public ChannelEmitter(final String channel, final Payload payload, final Outbound outbound, final Counter dropped) {
        this.channel = channel;
        this.payload = payload;
        this.outbound = outbound;
        this.dropped = dropped;
    }

    /**
     * Bounds this emitter's unconfirmed sends as {@code declared} says, from now on: what an {@code
     * @OnOverflow} on one of its injection points asks for.
     *
     * @throws IllegalStateException when another injection point of the channel declared another bound
     */
    public void bound(final EmitterOverflow declared) {
        synchronized (unconfirmed) {
            final Optional<EmitterOverflow> current = overflow;
            if (current.isPresent()
                    && (current.get().strategy() != declared.strategy()
                            || current.get().bound() != declared.bound())) {
                throw new IllegalStateException("the emitter of channel '" + channel + "' has "
                        + current.get().describe() + " and " + declared.describe()
                        + "; a channel has one emitter: declare the same @OnOverflow on both, or on one only");
            }
            overflow = Optional.of(declared);
        }
    }

    /** The bound its {@code @OnOverflow} declared; empty when none did. */
    public Optional<EmitterOverflow> overflow() {
        return overflow;
    }

    @Override
    public CompletionStage<Void> send(final T value) {
        if (value == null) {
            return CompletableFuture.failedFuture(
                    new IllegalArgumentException("a null payload cannot be sent to channel '" + channel + "'"));
        }
        return handed(value, List.of()).whenComplete(logsFailure);
    }

    /**
     * Sends {@code message}'s payload with what the connector reads from its metadata (Kafka: the key and
     * headers of an {@code OutgoingKafkaRecordMetadata}); completes when the broker confirmed it. Neither
     * acks nor nacks the message: {@link #send(Message)} does that.
     */
    public CompletionStage<Void> sendMessage(final Message<?> message) {
        return relayMessage(message).whenComplete(logsFailure);
    }

    /**
     * Sends a processor's result, as {@link #send(Object)} does, but leaves a failure to the processor:
     * it logs it once, naming the message the result came from, and takes that message through its
     * failure strategy. No stage is added to what the connector returns.
     */
    public CompletionStage<Void> relay(final Object value) {
        return handed(value, List.of());
    }

    /** Sends a processor's {@code Message} result, as {@link #sendMessage}, leaving a failure to the processor. */
    public CompletionStage<Void> relayMessage(final Message<?> message) {
        if (message.getPayload() == null) {
            return CompletableFuture.failedFuture(new IllegalArgumentException(
                    "a message without payload cannot be sent to channel '" + channel + "'"));
        }
        return handed(message.getPayload(), message.getMetadata());
    }

    /**
     * Hands {@code value} to the connector: at once when nothing bounds the sends and this is no event
     * loop (a processor's results, most senders), so that a send makes no lambda; else through {@link
     * #bounded}.
     */
    private CompletionStage<Void> handed(final Object value, final Iterable<Object> metadata) {
        if (overflow.isEmpty() && !Context.isOnEventLoopThread()) {
            return hand(value, metadata);
        }
        return bounded(() -> hand(value, metadata));
    }

    /**
     * Hands {@code send} over within the {@code @OnOverflow} bound: past it, throws an {@link
     * EmitterOverflowException} at once, or for {@code DROP} counts the message and returns that failure
     * without sending. Without {@code @OnOverflow}, hands it over as it comes (the connector's client
     * bounds what waits, in bytes, and its send timeout how long).
     */
    private CompletionStage<Void> bounded(final java.util.function.Supplier<CompletionStage<Void>> send) {
        final Optional<EmitterOverflow> declared = overflow;
        if (declared.isEmpty()) {
            return handOver(send);
        }
        final EmitterOverflow bound = declared.get();
        if (!admitted(bound.bound())) {
            final EmitterOverflowException overflowed = new EmitterOverflowException(channel, bound, bound.drops());
            if (!bound.drops()) {
                throw overflowed;
            }
            dropped.increment();
            return CompletableFuture.failedFuture(overflowed);
        }
        final CompletionStage<Void> sending;
        try {
            sending = handOver(send);
        } catch (final RuntimeException e) {
            unconfirmed.decrementAndGet();
            throw e;
        }
        // Room is freed before the sender's own callbacks on the returned stage run.
        return sending.whenComplete((done, failure) -> unconfirmed.decrementAndGet());
    }

    /** Counts one more unconfirmed send when fewer than {@code bound} are; false when as many are. */
    private boolean admitted(final int bound) {
        while (true) {
            final int now = unconfirmed.get();
            if (now >= bound) {
                return false;
            }
            if (unconfirmed.compareAndSet(now, now + 1)) {
                return true;
            }
        }
    }

    /** Sends waiting for the broker's confirmation now, counted only under an {@code @OnOverflow}. */
    public int unconfirmed() {
        return unconfirmed.get();
    }

    /** Runs {@code send} here, or on a virtual thread when called on an event loop. */
    private CompletionStage<Void> handOver(final java.util.function.Supplier<CompletionStage<Void>> send) {
        if (!Context.isOnEventLoopThread()) {
            return send.get();
        }
        // The caller's trace context, taken here: the virtual thread below does not carry it.
        final io.opentelemetry.context.Context caller = io.opentelemetry.context.Context.current();
        final CompletableFuture<Void> confirmed = new CompletableFuture<>();
        final Runnable handOver = () -> send.get().whenComplete((done, failure) -> {
            if (failure == null) {
                confirmed.complete(null);
            } else {
                confirmed.completeExceptionally(failure);
            }
        });
        VIRTUAL.execute(caller.wrap(handOver));
        return confirmed;
    }

    /**
     * Sends {@code message} with its metadata ({@link #sendMessage}) and, as SmallRye's emitter does, calls
     * its ack once the broker confirmed it, its nack with the failure when not.
     */
    @Override
    public <M extends Message<? extends T>> void send(final M message) {
        sendMessage(message).whenComplete((done, failure) -> {
            if (failure == null) {
                message.ack();
            } else {
                message.nack(cause(failure));
            }
        });
    }

    private CompletionStage<Void> hand(final Object value, final Iterable<Object> metadata) {
        try {
            final Optional<String> foreign = ForeignMetadata.in(channel, outbound, metadata);
            if (foreign.isPresent()) {
                throw new IllegalArgumentException(foreign.get());
            }
            final OutboundMessage message = new OutboundMessage(payload.write(value), key(value), Map.of());
            return outbound.send(outbound.withMetadata(message, metadata));
        } catch (final RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * Names a send that failed, as SmallRye's sinks do: the guides' senders ignore the stage {@link
     * #send(Object)} returns, and a message lost without a word is what nobody can look for.
     */
    private void logFailure(final Void done, final Throwable failure) {
        if (failure != null) {
            LOG.warn(
                    "Sending a message to channel '{}' failed, so it was not sent: {}",
                    channel,
                    cause(failure).toString());
        }
    }

    /** What failed, out of the {@code CompletionException} a dependent stage wraps it in. */
    private static Throwable cause(final Throwable failure) {
        return failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
                ? failure.getCause()
                : failure;
    }

    /** The key a {@link Keyed} payload names; empty for none. */
    public static Optional<String> key(final Object value) {
        return value instanceof Keyed keyed ? Optional.ofNullable(keyed.messageKey()) : Optional.empty();
    }

    /** Does nothing: the channel stays open for the application's life. */
    @Override
    public void complete() {}

    /** Does nothing: a failure is the sender's to handle, through what {@link #send(Object)} returns. */
    @Override
    public void error(final Exception e) {}

    @Override
    public boolean isCancelled() {
        return !outbound.open();
    }

    @Override
    public boolean hasRequests() {
        return outbound.open()
                && overflow.map(bound -> unconfirmed.get() < bound.bound()).orElse(true);
    }
}
