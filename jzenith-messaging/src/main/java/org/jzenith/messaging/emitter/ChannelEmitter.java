package org.jzenith.messaging.emitter;

import io.vertx.core.Context;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jzenith.messaging.Keyed;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.OutboundMessage;
import org.jzenith.messaging.spi.Payload;

/**
 * The {@link Emitter} injected for {@code @Channel("name")}, for any connector: writes each payload
 * ({@link Payload}), takes its key where it is {@link Keyed}, and hands it to the connector's {@link
 * Outbound}. {@link #send(Object)} completes when the broker has confirmed the message and fails when
 * it did not, or when the connector does not run. Never blocks an event loop: called on one, the
 * message is handed over on a virtual thread, since a client may wait for room or metadata.
 * Thread-safe.
 *
 * <pre>{@code
 * Emitter<Order> orders = new ChannelEmitter<>("orders", Payload.of(Order.class, json).orElseThrow(), outbound);
 * orders.send(order).toCompletableFuture().join();
 * }</pre>
 *
 * @param <T> the payload type
 */
public final class ChannelEmitter<T> implements Emitter<T> {

    private static final Executor VIRTUAL =
            command -> Thread.ofVirtual().name("messaging-send").start(command);

    private final String channel;
    private final Payload payload;
    private final Outbound outbound;

    /** An emitter of {@code channel}, writing payloads with {@code payload} and sending through {@code outbound}. */
    public ChannelEmitter(final String channel, final Payload payload, final Outbound outbound) {
        this.channel = channel;
        this.payload = payload;
        this.outbound = outbound;
    }

    @Override
    public CompletionStage<Void> send(final T value) {
        if (value == null) {
            return CompletableFuture.failedFuture(
                    new IllegalArgumentException("a null payload cannot be sent to channel '" + channel + "'"));
        }
        return handOver(() -> hand(value, List.of()));
    }

    /**
     * Sends {@code message}'s payload with what the connector reads from its metadata (Kafka: the key and
     * headers of an {@code OutgoingKafkaRecordMetadata}); completes when the broker confirmed it. Neither
     * acks nor nacks the message: {@link #send(Message)} and a processor do that.
     */
    public CompletionStage<Void> sendMessage(final Message<?> message) {
        if (message.getPayload() == null) {
            return CompletableFuture.failedFuture(new IllegalArgumentException(
                    "a message without payload cannot be sent to channel '" + channel + "'"));
        }
        return handOver(() -> hand(message.getPayload(), message.getMetadata()));
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
                message.nack(
                        failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
                                ? failure.getCause()
                                : failure);
            }
        });
    }

    private CompletionStage<Void> hand(final Object value, final Iterable<Object> metadata) {
        try {
            final OutboundMessage message =
                    OutboundMessage.of(payload.write(value)).withKey(key(value));
            return outbound.send(outbound.withMetadata(message, metadata));
        } catch (final RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
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
        return outbound.open();
    }
}
