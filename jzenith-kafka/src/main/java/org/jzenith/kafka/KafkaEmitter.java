package org.jzenith.kafka;

import io.opentelemetry.api.trace.Span;
import io.vertx.core.Context;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
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
    private final KafkaTracing tracing;

    KafkaEmitter(
            final String channel,
            final String topic,
            final Payload payload,
            final KafkaClients clients,
            final KafkaMetrics.Sent metrics,
            final KafkaTracing tracing) {
        this.channel = channel;
        this.topic = topic;
        this.payload = payload;
        this.clients = clients;
        this.metrics = metrics;
        this.tracing = tracing;
    }

    @Override
    public CompletionStage<Void> send(final T value) {
        final CompletableFuture<Void> acknowledged = new CompletableFuture<>();
        if (value == null) {
            acknowledged.completeExceptionally(
                    new IllegalArgumentException("a null payload cannot be sent to channel '" + channel + "'"));
            return acknowledged;
        }
        // The caller's trace context, taken here: the virtual thread below does not carry it.
        final io.opentelemetry.context.Context caller = io.opentelemetry.context.Context.current();
        if (Context.isOnEventLoopThread()) {
            // The producer may wait for metadata or buffer space (up to kafka.send-timeout).
            VIRTUAL.execute(caller.wrap(() -> hand(value, acknowledged)));
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
        final RecordHeaders headers = new RecordHeaders();
        final Span span = tracing.send(topic, headers);
        try {
            final Producer<byte[], byte[]> producer = clients.running()
                    .orElseThrow(() -> new IllegalStateException(
                            "the kafka plugin does not run, so nothing can be sent to channel '" + channel + "'"))
                    .producer();
            producer.send(
                    new ProducerRecord<byte[], byte[]>(topic, null, key(value), payload.write(value), headers),
                    (metadata, failure) -> {
                        if (failure == null) {
                            metrics.acknowledged().increment();
                            span.end();
                            acknowledged.complete(null);
                        } else {
                            metrics.failed().increment();
                            KafkaTracing.fail(span, failure);
                            acknowledged.completeExceptionally(failure);
                        }
                    });
        } catch (final RuntimeException e) {
            metrics.failed().increment();
            KafkaTracing.fail(span, e);
            acknowledged.completeExceptionally(e);
        }
    }

    /** The record key a {@link Keyed} payload names, as UTF-8; null for none. */
    static byte[] key(final Object value) {
        if (value instanceof Keyed keyed) {
            final String key = keyed.kafkaKey();
            return key == null ? null : key.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
        return null;
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
