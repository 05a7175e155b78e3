package org.jzenith.kafka;

import io.opentelemetry.api.trace.Span;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.OutboundMessage;

/**
 * Sends a channel's messages to its topic through the plugin's producer ({@code acks=all},
 * idempotent): the key as UTF-8, the layer's headers, and {@code traceparent} in a producer span;
 * completes when the broker acknowledged. Blocks while the producer waits for metadata or buffer space
 * (up to {@code kafka.send-timeout}). Thread-safe.
 */
final class KafkaOutbound implements Outbound {

    private final String channel;
    private final String topic;
    private final KafkaClients clients;
    private final KafkaMetrics.Sent metrics;
    private final KafkaTracing tracing;

    KafkaOutbound(
            final String channel,
            final String topic,
            final KafkaClients clients,
            final KafkaMetrics.Sent metrics,
            final KafkaTracing tracing) {
        this.channel = channel;
        this.topic = topic;
        this.clients = clients;
        this.metrics = metrics;
        this.tracing = tracing;
    }

    @Override
    public CompletionStage<Void> send(final OutboundMessage message) {
        final CompletableFuture<Void> acknowledged = new CompletableFuture<>();
        final RecordHeaders headers = new RecordHeaders();
        message.headers().forEach(headers::add);
        final Span span = tracing.send(topic, headers);
        try {
            final Producer<byte[], byte[]> producer = clients.running()
                    .orElseThrow(() -> new IllegalStateException(
                            "the kafka plugin does not run, so nothing can be sent to channel '" + channel + "'"))
                    .producer();
            final byte[] key = message.key()
                    .map(text -> text.getBytes(StandardCharsets.UTF_8))
                    .orElse(null);
            producer.send(new ProducerRecord<>(topic, null, key, message.payload(), headers), (metadata, failure) -> {
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
        return acknowledged;
    }

    @Override
    public boolean open() {
        return clients.running().isPresent();
    }
}
