package org.jzenith.kafka;

import io.vertx.core.Context;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * The {@link Emitter} injected for {@code @Channel("name")}: {@link #send(Object)} completes when the
 * broker has acknowledged the record ({@code acks=all}, idempotent) and fails when it did not, when
 * the plugin does not run, or when the producer's buffer stays full past {@code kafka.send-timeout}.
 * Never blocks an event loop: called on one, the record is handed to the producer on a virtual thread.
 * Thread-safe.
 *
 * @param <T> the payload type
 */
final class KafkaEmitter<T> implements Emitter<T> {

    private static final Executor VIRTUAL =
            command -> Thread.ofVirtual().name("kafka-send").start(command);

    private final String channel;
    private final String topic;
    private final Payload payload;
    private final KafkaClients clients;
    private final KafkaMetrics.Sent metrics;

    KafkaEmitter(
            final String channel,
            final String topic,
            final Payload payload,
            final KafkaClients clients,
            final KafkaMetrics.Sent metrics) {
        this.channel = channel;
        this.topic = topic;
        this.payload = payload;
        this.clients = clients;
        this.metrics = metrics;
    }

    @Override
    public CompletionStage<Void> send(final T value) {
        final CompletableFuture<Void> acknowledged = new CompletableFuture<>();
        if (value == null) {
            acknowledged.completeExceptionally(
                    new IllegalArgumentException("a null payload cannot be sent to channel '" + channel + "'"));
            return acknowledged;
        }
        if (Context.isOnEventLoopThread()) {
            // The producer may wait for metadata or buffer space (up to kafka.send-timeout).
            VIRTUAL.execute(() -> hand(value, acknowledged));
        } else {
            hand(value, acknowledged);
        }
        return acknowledged;
    }

    @Override
    public <M extends Message<? extends T>> void send(final M message) {
        send(message.getPayload()).whenComplete((done, failure) -> {
            if (failure == null) {
                message.ack();
            } else {
                message.nack(failure);
            }
        });
    }

    private void hand(final T value, final CompletableFuture<Void> acknowledged) {
        try {
            final Producer<byte[], byte[]> producer = clients.running()
                    .orElseThrow(() -> new IllegalStateException(
                            "the kafka plugin does not run, so nothing can be sent to channel '" + channel + "'"))
                    .producer();
            producer.send(new ProducerRecord<>(topic, payload.write(value)), (metadata, failure) -> {
                if (failure == null) {
                    metrics.acknowledged().increment();
                    acknowledged.complete(null);
                } else {
                    metrics.failed().increment();
                    acknowledged.completeExceptionally(failure);
                }
            });
        } catch (final RuntimeException e) {
            metrics.failed().increment();
            acknowledged.completeExceptionally(e);
        }
    }

    /** Does nothing: the channel stays open for the application's life. */
    @Override
    public void complete() {}

    /** Does nothing: a failure is the sender's to handle, through what {@link #send(Object)} returns. */
    @Override
    public void error(final Exception e) {}

    @Override
    public boolean isCancelled() {
        return clients.running().isEmpty();
    }

    @Override
    public boolean hasRequests() {
        return clients.running().isPresent();
    }
}
