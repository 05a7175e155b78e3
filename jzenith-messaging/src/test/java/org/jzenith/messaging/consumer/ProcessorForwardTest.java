package org.jzenith.messaging.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Outgoing;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.spi.ChannelPolicy;
import org.jzenith.messaging.spi.FailureStrategy;
import org.jzenith.messaging.spi.MessageTracing;
import org.jzenith.messaging.spi.NativeParameters;
import org.jzenith.test.Await;

/**
 * A processor's results go to the broker without the next message waiting for the broker's
 * acknowledgement, and each message is acknowledged only once the broker has its result, in any case
 * without a broker: the {@code @Outgoing} channel is an emitter whose sends the test confirms or refuses.
 */
class ProcessorForwardTest {

    /** The processor, as the guides write one. */
    public static class Upper {
        @Incoming("in")
        @Outgoing("out")
        public String upper(final String value) {
            return value.toUpperCase(java.util.Locale.ROOT);
        }
    }

    /** An emitter whose sends wait until the test settles them, in the order they were sent. */
    private static final class HeldEmitter implements Emitter<Object> {
        final List<Object> sent = new CopyOnWriteArrayList<>();
        final List<CompletableFuture<Void>> pending = new CopyOnWriteArrayList<>();

        @Override
        public CompletionStage<Void> send(final Object payload) {
            final CompletableFuture<Void> confirmation = new CompletableFuture<>();
            sent.add(payload);
            pending.add(confirmation);
            return confirmation;
        }

        @Override
        public <M extends Message<? extends Object>> void send(final M message) {
            throw new AssertionError("the processor sends payloads");
        }

        @Override
        public void complete() {}

        @Override
        public void error(final Exception e) {}

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public boolean hasRequests() {
            return true;
        }
    }

    private final HeldEmitter out = new HeldEmitter();
    private final KeptDeadLetters deadLetters = new KeptDeadLetters();
    private final MeterRegistry registry = new SimpleMeterRegistry();
    private final CountDownLatch stopping = new CountDownLatch(1);
    private final MessageProcessor processor = processor();

    private MessageProcessor processor() {
        final IncomingMethod.Found found =
                IncomingMethod.find(Upper.class, NativeParameters.NONE).getFirst();
        assertThat(found.problems()).isEmpty();
        return new MessageProcessor(
                new ChannelPolicy(
                        "in",
                        2,
                        Duration.ofMillis(1),
                        Duration.ofMillis(1),
                        FailureStrategy.DEAD_LETTER_QUEUE,
                        1_000,
                        "max-message-bytes"),
                IncomingMethod.of(Upper.class, found, new ObjectMapper(), NativeParameters.NONE),
                new Upper(),
                PayloadValidator.NONE,
                deadLetters,
                CountingMeters.in(registry),
                stopping,
                MessageTracing.NONE,
                Optional.of(out),
                new FailedChannels());
    }

    @Test
    void theNextMessageIsProcessedBeforeTheBrokerConfirmedTheLastResult() {
        final List<Long> acknowledged = new CopyOnWriteArrayList<>();
        for (long offset = 1; offset <= 3; offset++) {
            final long each = offset;
            assertThat(processor.process(new Delivered(each), () -> acknowledged.add(each)))
                    .isTrue();
        }

        assertThat(out.sent).as("all three results handed over").containsExactly("P-1", "P-2", "P-3");
        assertThat(acknowledged).as("none confirmed yet").isEmpty();
        assertThat(registry.counter("processed").count()).isZero();

        out.pending.forEach(confirmation -> confirmation.complete(null));
        assertThat(acknowledged).containsExactly(1L, 2L, 3L);
        assertThat(registry.counter("processed").count()).isEqualTo(3.0);
        assertThat(deadLetters.sent).isEmpty();
    }

    @Test
    void aResultRefusedForGoodSendsItsMessageToTheDeadLettersOnceThenAcknowledgesIt() {
        final List<Long> acknowledged = new CopyOnWriteArrayList<>();
        processor.process(new Delivered(4), () -> acknowledged.add(4L));

        out.pending.getFirst().completeExceptionally(new IllegalStateException("record too large"));

        Await.until(Duration.ofSeconds(5), "acknowledged after the dead letters", () -> acknowledged.contains(4L));
        assertThat(deadLetters.sent).containsExactly("prices-0@4 record too large");
        assertThat(deadLetters.attempted).as("the method is not called again").containsExactly(1);
        assertThat(out.sent).hasSize(1);
        assertThat(registry.counter("failed").count()).isEqualTo(1.0);
        assertThat(registry.counter("processed").count()).isZero();
    }

    @Test
    void aResultRefusedWhileTheChannelStopsLeavesItsMessageForTheNextDelivery() {
        final List<Long> acknowledged = new CopyOnWriteArrayList<>();
        processor.process(new Delivered(5), () -> acknowledged.add(5L));

        stopping.countDown();
        out.pending.getFirst().completeExceptionally(new IllegalStateException("producer closed"));

        // Decided where the refusal completes: a failure taken to the failure strategy is counted there.
        assertThat(registry.counter("failed").count()).isZero();
        assertThat(acknowledged).isEmpty();
        assertThat(deadLetters.sent).isEmpty();
    }
}
