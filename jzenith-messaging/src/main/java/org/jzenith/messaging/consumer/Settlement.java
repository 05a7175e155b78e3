package org.jzenith.messaging.consumer;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * The end of one message a method acknowledges itself ({@code MANUAL}): the first {@link #ack()} or
 * {@link #nack} settles it, later calls do nothing (and complete at once), as SmallRye does. An ack tells
 * the connector the message is done ({@code acknowledged}: Kafka commits its offset once every earlier
 * one of its partition is done too; on a virtual thread when acked on an event loop, as the connector's ack may
 * block); a nack hands it to the channel's failure strategy on a virtual thread
 * (dead letters, ignore, fail), and the connector is told it is done when the strategy settled it.
 * Thread-safe.
 */
final class Settlement {

    private final AtomicBoolean settled = new AtomicBoolean();
    private final Runnable acknowledged;
    private final Function<Throwable, Boolean> rejected;
    private final AtomicReference<ScheduledFuture<?>> watch = new AtomicReference<>();

    /**
     * A settlement telling the connector through {@code acknowledged}, and settling a nack with {@code
     * rejected} (blocking; true when the failure strategy made the message done).
     */
    Settlement(final Runnable acknowledged, final Function<Throwable, Boolean> rejected) {
        this.acknowledged = acknowledged;
        this.rejected = rejected;
    }

    /**
     * The settlement of a message acknowledged before its method ran ({@code PRE_PROCESSING}, {@code
     * NONE}): its ack and nack do nothing, as the spec has it for those strategies.
     */
    static Settlement done() {
        final Settlement settlement = new Settlement(() -> {}, reason -> true);
        settlement.settled.set(true);
        return settlement;
    }

    /** Whether an ack or nack came. */
    boolean settled() {
        return settled.get();
    }

    /** Watches the message with {@code check} until it is settled. */
    void watch(final ScheduledFuture<?> check) {
        watch.set(check);
        if (settled.get()) {
            check.cancel(false);
        }
    }

    CompletionStage<Void> ack() {
        if (!settled.compareAndSet(false, true)) {
            return CompletableFuture.completedFuture(null);
        }
        unwatch();
        if (!io.vertx.core.Context.isOnEventLoopThread()) {
            acknowledged.run();
            return CompletableFuture.completedFuture(null);
        }
        // A method on the event loop (a reactive return, @NonBlocking) acks there; a connector's ack may
        // block (RabbitMQ's basicAck writes to the socket), so it runs on a virtual thread of its own.
        final CompletableFuture<Void> done = new CompletableFuture<>();
        Thread.ofVirtual().name("messaging-ack").start(() -> {
            try {
                acknowledged.run();
                done.complete(null);
            } catch (final RuntimeException e) {
                done.completeExceptionally(e);
            }
        });
        return done;
    }

    CompletionStage<Void> nack(final Throwable reason) {
        if (!settled.compareAndSet(false, true)) {
            return CompletableFuture.completedFuture(null);
        }
        unwatch();
        final CompletableFuture<Void> done = new CompletableFuture<>();
        // The dead letters block until the broker has the copy: never on the caller's thread, which may
        // be an event loop.
        Thread.ofVirtual().name("messaging-nack").start(() -> {
            try {
                if (rejected.apply(reason)) {
                    acknowledged.run();
                }
                done.complete(null);
            } catch (final RuntimeException e) {
                done.completeExceptionally(e);
            }
        });
        return done;
    }

    /**
     * Settles the message as the failure strategy did with a failure of the method itself, unless the
     * method acked or nacked it first; true when it is done or was settled by the method.
     */
    boolean settleFailed(final boolean done) {
        if (!settled.compareAndSet(false, true)) {
            return true;
        }
        unwatch();
        if (done) {
            acknowledged.run();
        }
        return done;
    }

    private void unwatch() {
        final ScheduledFuture<?> check = watch.get();
        if (check != null) {
            check.cancel(false);
        }
    }
}
