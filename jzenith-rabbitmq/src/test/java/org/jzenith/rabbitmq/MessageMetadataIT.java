package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.test.Await;

/**
 * {@code Message<T>} metadata both ways on RabbitMQ: what a sent message sets ({@link
 * OutgoingRabbitMqMetadata}: its routing key and headers) arrives, and a consumer taking a {@code
 * Message<T>} reads the delivery's exchange, routing key and AMQP properties ({@link
 * IncomingRabbitMqMetadata}); a routing key the channel's settings fix is refused, not overridden.
 */
class MessageMetadataIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final Broker broker = new Broker();
    private final String labels = broker.unique("labels");
    private JZenith app;

    @AfterEach
    void stop() {
        if (app != null) {
            app.stop();
        }
        Labels.SEEN.clear();
        broker.close();
    }

    private Emitter<String> start(final String... settings) {
        JZenith application = JZenith.application()
                .withPlugins(RabbitMqPlugin.withConsumers(Labels.class).withEmitter("labels", String.class))
                .withConfiguration("rabbitmq.host", Broker.HOST)
                .withConfiguration("rabbitmq.port", Broker.PORT)
                .withConfiguration("rabbitmq.channels.labels.exchange", labels)
                .withConfiguration("rabbitmq.channels.labels.queue", labels);
        for (int i = 0; i < settings.length; i += 2) {
            application = application.withConfiguration(settings[i], settings[i + 1]);
        }
        app = application.start();
        return app.injector().getInstance(Key.get(new TypeLiteral<Emitter<String>>() {}, new ChannelLiteral("labels")));
    }

    @Test
    void aMessagesRoutingKeyAndHeadersArriveAndTheConsumerReadsTheDeliverysMetadata() throws Exception {
        final Emitter<String> emitter = start();
        final CompletableFuture<Void> acked = new CompletableFuture<>();

        emitter.send(Message.of("fragile")
                .withAck(() -> {
                    acked.complete(null);
                    return CompletableFuture.completedFuture(null);
                })
                .addMetadata(
                        OutgoingRabbitMqMetadata.routingKey("parcel.fragile").withHeader("source", "shop")));

        acked.get(10, TimeUnit.SECONDS);
        Await.until(WAIT, "the label consumed", () -> Labels.SEEN.size() == 1);
        final IncomingRabbitMqMetadata seen = Labels.SEEN.remove();
        assertThat(seen.queue()).isEqualTo(labels);
        assertThat(seen.exchange()).isEqualTo(labels);
        assertThat(seen.routingKey()).isEqualTo("parcel.fragile");
        assertThat(seen.header("source")).contains("shop");
        assertThat(seen.messageId()).as("every jZenith send sets one").isPresent();
        assertThat(seen.timestamp()).isPresent();
        assertThat(seen.redelivered()).isFalse();
        Await.until(WAIT, "the delivery acknowledged", () -> broker.ready(labels) == 0);
    }

    @Test
    void aRoutingKeyTheChannelFixesIsRefusedAndTheMessageNacked() throws Exception {
        final Emitter<String> emitter = start("rabbitmq.channels.labels.routing-key", "parcel.any");
        final CompletableFuture<Throwable> nacked = new CompletableFuture<>();

        emitter.send(Message.of("fragile")
                .withNack(failure -> {
                    nacked.complete(failure);
                    return CompletableFuture.completedFuture(null);
                })
                .addMetadata(OutgoingRabbitMqMetadata.routingKey("parcel.fragile")));

        assertThat(nacked.get(10, TimeUnit.SECONDS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rabbitmq.channels.labels.routing-key fixes parcel.any");
        assertThat(Labels.SEEN).isEmpty();
    }

    @Test
    void kafkasOutgoingMetadataOnARabbitMqChannelIsRefusedAndTheMessageNackedNotSentWithoutItsKey() throws Exception {
        final Emitter<String> emitter = start();
        final CompletableFuture<Throwable> nacked = new CompletableFuture<>();

        // code written for a Kafka channel, its channel moved to RabbitMQ: the record key would be lost
        emitter.send(Message.of("fragile")
                .withNack(failure -> {
                    nacked.complete(failure);
                    return CompletableFuture.completedFuture(null);
                })
                .addMetadata(io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata.<String>builder()
                        .withKey("parcel-7")
                        .build()));

        assertThat(nacked.get(10, TimeUnit.SECONDS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the message carries OutgoingKafkaRecordMetadata, which the connector of channel"
                        + " 'labels' does not read, so what it sets would be lost: use the outgoing metadata of the"
                        + " broker that serves the channel, or remove it");
        assertThat(broker.ready(labels)).isZero();
        assertThat(Labels.SEEN).isEmpty();
    }
}
