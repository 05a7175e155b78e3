package org.jzenith.messaging.emitter;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.Cancellable;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.vertx.core.Context;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link MutinyEmitter} injected for {@code @Channel("name")}, as SmallRye and Quarkus inject it: the
 * channel's {@link Emitter} seen through Mutiny. As SmallRye's, {@link #send(Object)} and {@link
 * #sendMessage(Message)} are lazy (nothing is sent until the {@code Uni} is subscribed to) and complete
 * when the broker confirmed the message; the {@code AndForget} forms send at once and log a failure, since
 * nobody else will see it; the {@code AndAwait} forms wait, and refuse to on an event loop, which must never
 * block. Thread-safe.
 *
 * <pre>{@code
 * @Channel("prices") MutinyEmitter<Double> prices;
 *
 * public Uni<Void> publish(double price) {
 *     return prices.send(price);        // sent when subscribed to, completed when the broker confirmed it
 * }
 * }</pre>
 *
 * @param <T> the payload type
 */
public final class ChannelMutinyEmitter<T> implements MutinyEmitter<T> {

    private static final Logger LOG = LoggerFactory.getLogger(ChannelMutinyEmitter.class);

    private final String channel;
    private final Emitter<T> emitter;

    /** The channel {@code channel}'s {@code emitter}, seen through Mutiny. */
    public ChannelMutinyEmitter(final String channel, final Emitter<T> emitter) {
        this.channel = channel;
        this.emitter = emitter;
    }

    @Override
    public Uni<Void> send(final T payload) {
        return Uni.createFrom().completionStage(() -> emitter.send(payload));
    }

    @Override
    public void sendAndAwait(final T payload) {
        awaitable();
        send(payload).await().indefinitely();
    }

    @Override
    public Cancellable sendAndForget(final T payload) {
        return forget(send(payload));
    }

    /**
     * Sends {@code message} at once; its ack is called when the broker confirmed it, its nack when not.
     *
     * @deprecated as in SmallRye: use {@link #sendMessageAndForget(Message)}, which says what it does
     */
    @Deprecated
    @Override
    public <M extends Message<? extends T>> void send(final M message) {
        emitter.send(message);
    }

    @Override
    public <M extends Message<? extends T>> Uni<Void> sendMessage(final M message) {
        return Uni.createFrom().completionStage(() -> {
            final CompletableFuture<Void> settled = new CompletableFuture<>();
            emitter.send(message.withAck(() -> message.ack().thenRun(() -> settled.complete(null)))
                    .withNack(failure -> message.nack(failure)
                            .whenComplete((ignored, error) -> settled.completeExceptionally(failure))));
            return settled;
        });
    }

    @Override
    public <M extends Message<? extends T>> void sendMessageAndAwait(final M message) {
        awaitable();
        sendMessage(message).await().indefinitely();
    }

    @Override
    public <M extends Message<? extends T>> Cancellable sendMessageAndForget(final M message) {
        return forget(sendMessage(message));
    }

    @Override
    public void complete() {
        emitter.complete();
    }

    @Override
    public void error(final Exception failure) {
        emitter.error(failure);
    }

    @Override
    public boolean isCancelled() {
        return emitter.isCancelled();
    }

    @Override
    public boolean hasRequests() {
        return emitter.hasRequests();
    }

    private Cancellable forget(final Uni<Void> sending) {
        return sending.subscribe()
                .with(
                        ignored -> {},
                        failure -> LOG.warn(
                                "A message sent and forgotten on channel '{}' was not delivered: {}",
                                channel,
                                failure.toString()));
    }

    /** Mutiny's await on an event loop would stall every request of that loop: refused, as SmallRye does. */
    private void awaitable() {
        if (Context.isOnEventLoopThread()) {
            throw new IllegalStateException("MutinyEmitter of channel '" + channel
                    + "': sendAndAwait would block an event loop; subscribe to send(...) instead, or call it from"
                    + " a plain resource method (a virtual thread)");
        }
    }
}
