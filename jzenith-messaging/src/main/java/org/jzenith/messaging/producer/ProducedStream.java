package org.jzenith.messaging.producer;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.jzenith.messaging.emitter.ChannelEmitter;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.OutboundMessage;
import org.jzenith.messaging.spi.Payload;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends what a producer method's stream emits to its channel, one message per item, in order, on a
 * virtual thread of its own (a connector's send may block, the stream's thread must not). At most
 * {@value #WINDOW} items are requested and not yet confirmed by the broker: the stream is asked for
 * the next one as each send is confirmed, so a producer never outruns the broker. A send the broker
 * refused is logged and counted by the connector, and the stream goes on; a stream that fails is
 * logged at ERROR naming the method, and the channel sends nothing more until the application restarts.
 * {@link #stop} cancels the stream and completes once what was requested is sent. Thread-safe.
 */
final class ProducedStream implements Flow.Subscriber<Object> {

    /** Items requested from the stream and not yet confirmed. */
    static final int WINDOW = 64;

    private static final Logger LOG = LoggerFactory.getLogger(ProducedStream.class);
    private static final Object COMPLETE = new Object();

    private final OutgoingMethod method;
    private final Payload payload;
    private final Outbound outbound;
    private final LinkedBlockingQueue<Object> items = new LinkedBlockingQueue<>();
    private final CompletableFuture<Void> ended = new CompletableFuture<>();
    private final AtomicLong sent = new AtomicLong();
    private volatile Flow.Subscription subscription;
    private volatile boolean stopping;
    private volatile boolean completed;

    ProducedStream(final OutgoingMethod method, final Payload payload, final Outbound outbound) {
        this.method = method;
        this.payload = payload;
        this.outbound = outbound;
    }

    @Override
    public void onSubscribe(final Flow.Subscription subscription) {
        this.subscription = subscription;
        Thread.ofVirtual().name("messaging-produce-" + method.channel()).start(this::send);
        subscription.request(WINDOW);
    }

    @Override
    public void onNext(final Object item) {
        items.add(item);
    }

    @Override
    public void onError(final Throwable failure) {
        LOG.error(
                "The stream of {} failed: {}; channel '{}' sends nothing more from it until the application restarts",
                method.describe(),
                failure.toString(),
                method.channel(),
                failure);
        items.add(COMPLETE);
    }

    @Override
    public void onComplete() {
        LOG.info("The stream of {} completed after {} messages", method.describe(), sent.get());
        completed = true;
        items.add(COMPLETE);
    }

    /** Cancels the stream; completes once the items it had emitted are handed to the broker. */
    CompletableFuture<Void> stop() {
        stopping = true;
        final Flow.Subscription current = subscription;
        if (current != null) {
            current.cancel();
        }
        items.add(COMPLETE);
        return ended;
    }

    /**
     * Completes once every item the stream emitted is handed to the connector: {@code true} when the stream
     * completed, {@code false} when it failed or was cancelled ({@link #stop}).
     */
    CompletableFuture<Boolean> finished() {
        return ended.thenApply(done -> completed && !stopping);
    }

    /** How many items were confirmed by the broker. */
    long sent() {
        return sent.get();
    }

    private void send() {
        try {
            while (true) {
                final Object item = items.take();
                if (item == COMPLETE) {
                    return;
                }
                final OutboundMessage message;
                try {
                    message = OutboundMessage.of(payload.write(item)).withKey(ChannelEmitter.key(item));
                } catch (final RuntimeException e) {
                    LOG.warn("{} produced an item that cannot be written: {}", method.describe(), e.toString());
                    requestNext();
                    continue;
                }
                outbound.send(message).whenComplete((done, failure) -> {
                    if (failure == null) {
                        sent.incrementAndGet();
                    } else {
                        LOG.warn(
                                "A message of {} to channel '{}' was not sent: {}",
                                method.describe(),
                                method.channel(),
                                failure.toString());
                    }
                    requestNext();
                });
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            ended.complete(null);
        }
    }

    private void requestNext() {
        final Flow.Subscription current = subscription;
        if (!stopping && current != null) {
            current.request(1);
        }
    }
}
