package org.jzenith.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jzenith.core.JZenith;
import org.jzenith.jdbc.JdbcPlugin;
import org.jzenith.messaging.Idempotent;
import org.jzenith.messaging.spi.ChannelLiteral;
import org.jzenith.test.Await;

/**
 * The AMQP basic properties an {@link OutgoingRabbitMqMetadata} sets reach the broker and come back in
 * {@link IncomingRabbitMqMetadata}, against the machine's RabbitMQ; a value out of its range fails the
 * send naming the field; a message id of the application's is what an {@code @Idempotent} consumer knows
 * the message by, and two unroutable sends of one message id each fail on their own return.
 */
class OutgoingPropertiesIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path directory;

    private final Broker broker = new Broker();
    private final String labels = broker.unique("properties");
    private final String once = broker.unique("properties-once");
    private final String nowhere = broker.unique("properties-nowhere");
    private final Applied applied = new Applied();
    private JZenith app;

    /** What the idempotent consumer applied. */
    static final class Applied {
        final List<String> bodies = new CopyOnWriteArrayList<>();
    }

    /** Applies each message once, known by its message id. */
    public static final class AppliedOnce {
        private final Applied applied;

        @Inject
        AppliedOnce(final Applied applied) {
            this.applied = applied;
        }

        @Incoming("once")
        @Idempotent
        void apply(final String body) {
            applied.bodies.add(body);
        }
    }

    @BeforeEach
    void start() {
        app = JZenith.application()
                .withPlugins(
                        JdbcPlugin.create().withOutbox(),
                        RabbitMqPlugin.withConsumers(Labels.class, AppliedOnce.class)
                                .withEmitter("labels", String.class)
                                .withEmitter("once", String.class)
                                .withEmitter("lost", String.class))
                .withModules(binder -> binder.bind(Applied.class).toInstance(applied))
                .withConfiguration("jdbc.embedded.directory", directory.toString())
                .withConfiguration("rabbitmq.host", Broker.HOST)
                .withConfiguration("rabbitmq.port", Broker.PORT)
                .withConfiguration("rabbitmq.channels.labels.exchange", labels)
                .withConfiguration("rabbitmq.channels.labels.queue", labels)
                .withConfiguration("rabbitmq.channels.once.exchange", once)
                .withConfiguration("rabbitmq.channels.once.queue", once)
                // an exchange no queue is bound to: every send to it is returned
                .withConfiguration("rabbitmq.channels.lost.exchange", nowhere)
                .start();
    }

    @AfterEach
    void stop() {
        if (app != null) {
            app.stop();
        }
        Labels.SEEN.clear();
        broker.close();
    }

    private Emitter<String> emitter(final String channel) {
        return app.injector().getInstance(Key.get(new TypeLiteral<Emitter<String>>() {}, new ChannelLiteral(channel)));
    }

    /** Sends {@code message}; completes when it was acked (confirmed), fails with what nacked it. */
    private static CompletableFuture<Void> send(final Emitter<String> emitter, final Message<String> message) {
        final CompletableFuture<Void> settled = new CompletableFuture<>();
        emitter.send(message.withAck(() -> {
                    settled.complete(null);
                    return CompletableFuture.completedFuture(null);
                })
                .withNack(failure -> {
                    settled.completeExceptionally(failure);
                    return CompletableFuture.completedFuture(null);
                }));
        return settled;
    }

    @Test
    void everyPropertySetArrivesAndTheConsumerReadsItBack() throws Exception {
        final Instant when = Instant.parse("2026-01-02T03:04:05Z");
        send(
                        emitter("labels"),
                        Message.of("fragile")
                                .addMetadata(OutgoingRabbitMqMetadata.routingKey("parcel.fragile")
                                        .withHeader("source", "shop")
                                        .withContentType("text/plain")
                                        .withContentEncoding("identity")
                                        .withCorrelationId("request-7")
                                        .withMessageId("parcel-42")
                                        .withPriority(7)
                                        .withExpiration(Duration.ofMinutes(10))
                                        .withPersistent(false)
                                        .withType("parcel.labelled")
                                        .withUserId("guest")
                                        .withAppId("shop")
                                        .withReplyTo("replies")
                                        .withTimestamp(when)))
                .get(10, TimeUnit.SECONDS);

        Await.until(WAIT, "the label consumed", () -> Labels.SEEN.size() == 1);
        final IncomingRabbitMqMetadata seen = Labels.SEEN.remove();
        assertThat(seen.routingKey()).isEqualTo("parcel.fragile");
        assertThat(seen.header("source")).contains("shop");
        assertThat(seen.contentType()).contains("text/plain");
        assertThat(seen.contentEncoding()).contains("identity");
        assertThat(seen.correlationId()).contains("request-7");
        assertThat(seen.messageId()).contains("parcel-42");
        assertThat(seen.priority()).contains(7);
        assertThat(seen.expiration()).contains("600000");
        assertThat(seen.deliveryMode()).contains(1);
        assertThat(seen.type()).contains("parcel.labelled");
        assertThat(seen.userId()).contains("guest");
        assertThat(seen.appId()).contains("shop");
        assertThat(seen.replyTo()).contains("replies");
        assertThat(seen.timestamp()).contains(when);
        assertThat(seen.headers().keySet())
                .as("the properties travel as properties, not as headers")
                .noneMatch(name -> name.startsWith(OutgoingProperties.PREFIX));
    }

    @Test
    void withoutMetadataTheChannelsDurabilitySetsPersistentAndEverySendHasAMessageIdOfItsOwn() throws Exception {
        send(emitter("labels"), Message.of("plain")).get(10, TimeUnit.SECONDS);
        send(emitter("labels"), Message.of("plain")).get(10, TimeUnit.SECONDS);

        Await.until(WAIT, "both consumed", () -> Labels.SEEN.size() == 2);
        final IncomingRabbitMqMetadata first = Labels.SEEN.remove();
        final IncomingRabbitMqMetadata second = Labels.SEEN.remove();
        assertThat(first.deliveryMode()).contains(2);
        assertThat(first.messageId()).isPresent().isNotEqualTo(second.messageId());
        assertThat(first.headers()).doesNotContainKey(OutgoingProperties.PUBLISH_ID);
    }

    @Test
    void aValueOutOfItsRangeFailsTheSendNamingTheField() {
        final Emitter<String> emitter = emitter("labels");
        final List<OutgoingRabbitMqMetadata> wrong = List.of(
                OutgoingRabbitMqMetadata.properties().withPriority(256),
                OutgoingRabbitMqMetadata.properties().withExpiration(Duration.ZERO),
                OutgoingRabbitMqMetadata.properties().withDeliveryMode(3),
                OutgoingRabbitMqMetadata.properties().withMessageId("x".repeat(256)),
                OutgoingRabbitMqMetadata.properties().withMessageId("two words"),
                OutgoingRabbitMqMetadata.properties().withUserId("someone-else"));
        final List<String> fields = List.of(
                "priority is 256",
                "expiration is 0 ms",
                "deliveryMode is 3",
                "messageId is 256",
                "messageId holds",
                "userId is 'someone-else'");
        for (int i = 0; i < wrong.size(); i++) {
            final CompletableFuture<Void> sent =
                    send(emitter, Message.of("refused").addMetadata(wrong.get(i)));
            final int each = i;
            assertThat(sent)
                    .failsWithin(Duration.ofSeconds(10))
                    .withThrowableOfType(ExecutionException.class)
                    .havingCause()
                    .isInstanceOf(IllegalArgumentException.class)
                    .withMessageContaining(fields.get(each))
                    .withMessageContaining("channel 'labels'");
        }
        assertThat(broker.ready(labels)).isZero();
        assertThat(Labels.SEEN).isEmpty();
    }

    @Test
    void anIdempotentConsumerAppliesTwoMessagesOfOneMessageIdOnce() throws Exception {
        final Emitter<String> emitter = emitter("once");
        final OutgoingRabbitMqMetadata order =
                OutgoingRabbitMqMetadata.properties().withMessageId("order-1");
        send(emitter, Message.of("first").addMetadata(order)).get(10, TimeUnit.SECONDS);
        send(emitter, Message.of("copy").addMetadata(order)).get(10, TimeUnit.SECONDS);
        send(
                        emitter,
                        Message.of("next")
                                .addMetadata(
                                        OutgoingRabbitMqMetadata.properties().withMessageId("order-2")))
                .get(10, TimeUnit.SECONDS);

        // the queue's order: once "next" is applied, the copy before it was dropped
        Await.until(WAIT, "the next order applied", () -> applied.bodies.contains("next"));
        assertThat(applied.bodies).containsExactly("first", "next");
    }

    @Test
    void twoUnroutableSendsOfOneMessageIdEachFailOnTheirOwnReturn() {
        final Emitter<String> emitter = emitter("lost");
        final OutgoingRabbitMqMetadata same =
                OutgoingRabbitMqMetadata.properties().withMessageId("same-id");
        final CompletableFuture<Void> first = send(emitter, Message.of("one").addMetadata(same));
        final CompletableFuture<Void> second = send(emitter, Message.of("two").addMetadata(same));

        for (final CompletableFuture<Void> sent : List.of(first, second)) {
            assertThat(sent)
                    .failsWithin(Duration.ofSeconds(10))
                    .withThrowableOfType(ExecutionException.class)
                    .havingCause()
                    .isInstanceOf(UnroutableException.class);
        }
    }
}
