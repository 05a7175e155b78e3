package org.jzenith.messaging.emitter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.OutboundMessage;
import org.jzenith.messaging.spi.Payload;

/**
 * The Mutiny view of a channel's emitter over a real {@link ChannelEmitter}, whose broker is an {@link
 * Outbound} the test confirms or refuses by hand.
 */
class ChannelMutinyEmitterTest {

    /** An outbound whose sends the test settles: each waits for {@link #confirm} or {@link #refuse}. */
    private static final class HeldOutbound implements Outbound {
        final List<OutboundMessage> sent = new CopyOnWriteArrayList<>();
        final List<CompletableFuture<Void>> pending = new CopyOnWriteArrayList<>();

        @Override
        public CompletionStage<Void> send(final OutboundMessage message) {
            final CompletableFuture<Void> confirmation = new CompletableFuture<>();
            sent.add(message);
            pending.add(confirmation);
            return confirmation;
        }

        @Override
        public boolean open() {
            return true;
        }

        void confirm() {
            pending.removeFirst().complete(null);
        }

        void refuse(final RuntimeException failure) {
            pending.removeFirst().completeExceptionally(failure);
        }
    }

    private final HeldOutbound outbound = new HeldOutbound();
    private final ChannelMutinyEmitter<String> emitter = new ChannelMutinyEmitter<>(
            "names",
            new ChannelEmitter<>(
                    "names",
                    Payload.of(String.class, new com.fasterxml.jackson.databind.ObjectMapper())
                            .orElseThrow(),
                    outbound));

    @Test
    void sendIsLazyAndCompletesWhenTheBrokerConfirmed() {
        final Uni<Void> sending = emitter.send("ada");
        assertThat(outbound.sent).as("nothing sent before a subscriber").isEmpty();

        final CompletableFuture<Void> done = sending.subscribeAsCompletionStage();
        assertThat(outbound.sent).hasSize(1);
        assertThat(done).isNotDone();
        outbound.confirm();
        assertThat(done).isCompleted();
    }

    @Test
    void aRefusedSendFailsTheUni() {
        final CompletableFuture<Void> done = emitter.send("ada").subscribeAsCompletionStage();
        outbound.refuse(new IllegalStateException("topic gone"));
        assertThat(done).isCompletedExceptionally();
    }

    @Test
    void sendMessageCompletesAfterTheMessagesOwnAckRan() {
        final AtomicReference<String> settled = new AtomicReference<>("no");
        final Message<String> message = Message.of("ada")
                .withAck(() -> {
                    settled.set("acked");
                    return CompletableFuture.completedFuture(null);
                })
                .withNack(failure -> {
                    settled.set("nacked: " + failure.getMessage());
                    return CompletableFuture.completedFuture(null);
                });
        final CompletableFuture<Void> done = emitter.sendMessage(message).subscribeAsCompletionStage();
        assertThat(done).isNotDone();
        outbound.confirm();
        assertThat(done).isCompleted();
        assertThat(settled).hasValue("acked");
    }

    @Test
    void aRefusedMessageIsNackedAndFailsTheUni() {
        final AtomicReference<String> settled = new AtomicReference<>("no");
        final Message<String> message = Message.of("ada").withNack(failure -> {
            settled.set("nacked: " + failure.getMessage());
            return CompletableFuture.completedFuture(null);
        });
        final CompletableFuture<Void> done = emitter.sendMessage(message).subscribeAsCompletionStage();
        outbound.refuse(new IllegalStateException("too large"));
        assertThat(done).isCompletedExceptionally();
        assertThat(settled).hasValue("nacked: too large");
    }

    @Test
    void sendAndForgetSendsAtOnce() {
        emitter.sendAndForget("ada");
        assertThat(outbound.sent).hasSize(1);
        outbound.refuse(new IllegalStateException("logged, not thrown"));
    }

    @Test
    void waitingOnAnEventLoopIsRefused() throws Exception {
        final Vertx vertx = Vertx.vertx();
        try {
            final CompletableFuture<Throwable> refusal = new CompletableFuture<>();
            vertx.runOnContext(ignored -> {
                try {
                    emitter.sendAndAwait("ada");
                    refusal.complete(null);
                } catch (final RuntimeException e) {
                    refusal.complete(e);
                }
            });
            assertThat(refusal.get(10, java.util.concurrent.TimeUnit.SECONDS))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("would block an event loop");
            assertThat(outbound.sent).as("nothing sent").isEmpty();
        } finally {
            vertx.close().await(Duration.ofSeconds(10).toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        }
    }

    @Test
    void aNullPayloadFailsWithoutReachingTheBroker() {
        assertThatThrownBy(() -> emitter.send((String) null).await().atMost(Duration.ofSeconds(5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("channel 'names'");
        assertThat(outbound.sent).isEmpty();
    }
}
