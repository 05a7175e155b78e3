package org.jzenith.messaging.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Outgoing;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.emitter.ChannelEmitter;
import org.jzenith.messaging.spi.ChannelPolicy;
import org.jzenith.messaging.spi.FailureStrategy;
import org.jzenith.messaging.spi.MessageTracing;
import org.jzenith.messaging.spi.NativeParameters;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.OutboundMessage;
import org.jzenith.messaging.spi.Payload;
import org.jzenith.test.Await;

/**
 * A processor's result the broker refused is logged once, by the processor, naming the message it came
 * from; the emitter that sent it, which logs a refused send of the application's own, stays quiet.
 */
class ForwardFailureLogTest {

    /** The processor, as the guides write one. */
    public static class Upper {
        @Incoming("in")
        @Outgoing("out")
        public String upper(final String value) {
            return value.toUpperCase(java.util.Locale.ROOT);
        }
    }

    /** A broker that refuses every message. */
    private static final class RefusingOutbound implements Outbound {
        @Override
        public CompletionStage<Void> send(final OutboundMessage message) {
            return CompletableFuture.failedFuture(new IllegalStateException("the broker refused it"));
        }
    }

    @Test
    void aRefusedResultIsLoggedOnceWithItsMessagesPosition() {
        final IncomingMethod.Found found =
                IncomingMethod.find(Upper.class, NativeParameters.NONE).getFirst();
        final KeptDeadLetters deadLetters = new KeptDeadLetters();
        final MessageProcessor processor = new MessageProcessor(
                new ChannelPolicy(
                        "in",
                        0,
                        Duration.ofMillis(1),
                        Duration.ofMillis(1),
                        FailureStrategy.DEAD_LETTER_QUEUE,
                        1_000,
                        "max-message-bytes"),
                IncomingMethod.of(Upper.class, found, new ObjectMapper(), NativeParameters.NONE),
                new Upper(),
                PayloadValidator.NONE,
                deadLetters,
                CountingMeters.in(new SimpleMeterRegistry()),
                new CountDownLatch(1),
                MessageTracing.NONE,
                Optional.of(new ChannelEmitter<>(
                        "out", Payload.of(String.class, new ObjectMapper()).orElseThrow(), new RefusingOutbound())),
                new FailedChannels());
        final ByteArrayOutputStream errors = new ByteArrayOutputStream();
        final PrintStream original = System.err;
        System.setErr(new PrintStream(errors, true, StandardCharsets.UTF_8));
        try {
            processor.process(new Delivered(7), () -> {});
            Await.until(Duration.ofSeconds(5), "dead-lettered", () -> !deadLetters.sent.isEmpty());
        } finally {
            System.setErr(original);
        }

        final String log = errors.toString(StandardCharsets.UTF_8);
        assertThat(log)
                .contains("The result of message prices-0@7 of channel 'in'")
                .contains("the broker refused it")
                .doesNotContain("Sending a message to channel 'out' failed");
    }
}
