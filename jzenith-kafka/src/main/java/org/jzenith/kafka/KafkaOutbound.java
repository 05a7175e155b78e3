package org.jzenith.kafka;

import io.opentelemetry.api.trace.Span;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
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
        if (!message.headers().isEmpty()) { // most messages have none: no iterator, no lambda a record
            message.headers().forEach(headers::add);
        }
        final Span span = tracing.send(topic, headers);
        try {
            final Optional<KafkaClients.Running> running = clients.running();
            if (running.isEmpty()) {
                throw new IllegalStateException(
                        "the kafka plugin does not run, so nothing can be sent to channel '" + channel + "'");
            }
            final Producer<byte[], byte[]> producer = running.get().producer();
            final byte[] key = message.key().isPresent() ? message.key().get().getBytes(StandardCharsets.UTF_8) : null;
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

    /** True for SmallRye's {@link OutgoingKafkaRecordMetadata}, which {@link #withMetadata} reads. */
    @Override
    public boolean reads(final Object metadata) {
        return metadata instanceof OutgoingKafkaRecordMetadata<?>;
    }

    /**
     * {@code message} with the key and headers of an {@link OutgoingKafkaRecordMetadata} among {@code
     * metadata}: a {@code String} key as it is, a {@code byte[]} key read as UTF-8, any other key by its
     * {@code toString()}; each header added (the last of a name wins). A topic other than the channel's, a
     * partition or a timestamp is refused: the send fails naming it rather than going elsewhere silently.
     */
    @Override
    public OutboundMessage withMetadata(final OutboundMessage message, final Iterable<Object> metadata) {
        OutboundMessage result = message;
        for (final Object each : metadata) {
            if (!(each instanceof OutgoingKafkaRecordMetadata<?> kafka)) {
                continue;
            }
            if (kafka.getTopic() != null && !kafka.getTopic().equals(topic)) {
                throw new IllegalArgumentException("OutgoingKafkaRecordMetadata names the topic " + kafka.getTopic()
                        + ", but channel '" + channel + "' sends to " + topic + " and jZenith sends nowhere else;"
                        + " send through an emitter of a channel whose topic it is");
            }
            if (kafka.getPartition() >= 0 || kafka.getTimestamp() != null) {
                throw new IllegalArgumentException("OutgoingKafkaRecordMetadata sets a partition or a timestamp,"
                        + " which jZenith does not pass to Kafka; set a key (records of one key share a partition)");
            }
            final Object key = kafka.getKey();
            if (key != null) {
                result = result.withKey(Optional.of(
                        key instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : key.toString()));
            }
            if (kafka.getHeaders() != null) {
                for (final Header header : kafka.getHeaders()) {
                    result = result.withHeader(header.key(), header.value() == null ? new byte[0] : header.value());
                }
            }
        }
        return result;
    }

    @Override
    public boolean open() {
        return clients.running().isPresent();
    }
}
