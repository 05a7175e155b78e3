package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.OpenTelemetry;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.jzenith.core.spi.outbox.OutboxRecord;
import org.jzenith.messaging.outbox.OutboxRelay;

/**
 * An outbox event of a channel that consumes several topics has no topic to go to: the relay is told
 * it is refused for good, with the reason, so that it is set aside and the events behind it flow,
 * instead of going to one of the topics or nowhere without a word. No broker: the producer is never asked.
 */
class OutboxSenderSeveralTopicsTest {

    @Test
    void anEventOfAChannelOfSeveralTopicsIsRefusedForGoodNamingTheSetting() throws Exception {
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:9"),
                new ByteArraySerializer(),
                new ByteArraySerializer())) {
            final OutboxSender sender = new OutboxSender(
                    producer,
                    SubscriptionSettingsTest.configuration(Map.of("kafka.channels.prices.topics", "eu,us")),
                    KafkaTracing.of(OpenTelemetry.noop()));

            final CompletableFuture<Void> sent = sender.send(new OutboxRecord(
                    1,
                    "event-1",
                    "prices",
                    Optional.empty(),
                    "1.5".getBytes(StandardCharsets.UTF_8),
                    Instant.now(),
                    Optional.empty()));

            assertThat(sent).isCompletedExceptionally();
            final Throwable failure = catchFailure(sent);
            assertThat(failure).isInstanceOf(OutboxRelay.Refused.class);
            assertThat(failure.getCause())
                    .hasMessageContaining("channel 'prices' consumes several topics or a pattern")
                    .hasMessageContaining("kafka.channels.prices.topics");
        }
    }

    private static Throwable catchFailure(final CompletableFuture<Void> sent) throws InterruptedException {
        try {
            sent.get();
            throw new AssertionError("the send succeeded");
        } catch (final ExecutionException e) {
            return e.getCause();
        }
    }
}
