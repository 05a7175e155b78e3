package org.jzenith.kafka;

import io.opentelemetry.api.trace.Span;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.jzenith.core.spi.outbox.OutboxRecord;
import org.jzenith.messaging.consumer.InboxMethods;
import org.jzenith.messaging.outbox.OutboxRelay;
import org.jzenith.messaging.outbox.OutboxWiring;
import org.jzenith.messaging.spi.ChannelKeys;

/**
 * The Kafka plugin's sender of outbox events, which {@link OutboxWiring}'s relay sends through: to the
 * channel's topic with the event's id, through the plugin's producer. Thread-safe.
 */
final class OutboxSender implements OutboxRelay.Sender {

    private final Producer<byte[], byte[]> producer;
    private final KafkaConfiguration configuration;
    private final KafkaTracing tracing;

    OutboxSender(
            final Producer<byte[], byte[]> producer,
            final KafkaConfiguration configuration,
            final KafkaTracing tracing) {
        this.producer = producer;
        this.configuration = configuration;
        this.tracing = tracing;
    }

    /**
     * Hands {@code record} to the producer with its event id, in a span of the publishing request's
     * trace when the service traces ({@link KafkaTracing#relay}); completes when the broker acknowledged.
     */
    @Override
    public CompletableFuture<Void> send(final OutboxRecord record) {
        final CompletableFuture<Void> acknowledged = new CompletableFuture<>();
        final RecordHeaders headers = new RecordHeaders();
        headers.add(InboxMethods.EVENT_ID, record.eventId().getBytes(StandardCharsets.UTF_8));
        final Optional<String> single = ChannelSettings.of(record.channel(), configuration)
                .subscription()
                .single();
        if (single.isEmpty()) {
            // No event of such a channel could ever be sent: set aside with the reason, as the broker's refusals are.
            acknowledged.completeExceptionally(new OutboxRelay.Refused(new IllegalStateException("channel '"
                    + record.channel() + "' consumes several topics or a pattern ("
                    + ChannelKeys.prefix("kafka", record.channel())
                    + "topics or .pattern) and the outbox cannot send to it: a channel sent to takes one topic")));
            return acknowledged;
        }
        final String topic = single.get();
        final Span span = tracing.relay(topic, record.traceParent(), headers);
        try {
            producer.send(
                    new ProducerRecord<>(
                            topic,
                            null,
                            record.key()
                                    .map(key -> key.getBytes(StandardCharsets.UTF_8))
                                    .orElse(null),
                            record.payload(),
                            headers),
                    (metadata, failure) -> {
                        if (failure == null) {
                            span.end();
                            acknowledged.complete(null);
                        } else {
                            KafkaTracing.fail(span, failure);
                            acknowledged.completeExceptionally(refusedForGood(failure));
                        }
                    });
        } catch (final RuntimeException e) {
            KafkaTracing.fail(span, e);
            // The producer refuses a record larger than max.request.size before it is sent.
            if (refusedForGood(e) instanceof OutboxRelay.Refused refused) {
                acknowledged.completeExceptionally(refused);
                return acknowledged;
            }
            throw e;
        }
        return acknowledged;
    }

    /**
     * {@code failure} as the relay sees it: {@link OutboxRelay.Refused} where sending the event again
     * cannot cure it (an error of the broker's protocol that Kafka does not call retriable: too large,
     * not authorized, an invalid topic); as it is otherwise (the broker away, a timeout).
     */
    static Throwable refusedForGood(final Throwable failure) {
        if (failure instanceof org.apache.kafka.common.errors.ApiException
                && !(failure instanceof org.apache.kafka.common.errors.RetriableException)) {
            return new OutboxRelay.Refused(failure);
        }
        return failure;
    }
}
