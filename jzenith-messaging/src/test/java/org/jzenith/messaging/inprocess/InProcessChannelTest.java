package org.jzenith.messaging.inprocess;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.consumer.ConsumerChannel;
import org.jzenith.messaging.consumer.FailedChannels;
import org.jzenith.messaging.consumer.IncomingMethod;
import org.jzenith.messaging.consumer.MessageProcessor;
import org.jzenith.messaging.consumer.PayloadValidator;
import org.jzenith.messaging.spi.NativeParameters;
import org.jzenith.messaging.spi.OutboundMessage;

/**
 * An in-process channel's bound: a consumer that does not keep up holds its senders back, and a send
 * that finds no room within the patience fails, naming the channel and the consumer; closing the
 * channel fails what is still buffered rather than dropping it.
 */
class InProcessChannelTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    /** A consumer that holds each message until the test opens the gate. */
    public static class Gate {
        final CountDownLatch open = new CountDownLatch(1);
        final CountDownLatch entered = new CountDownLatch(1);
        final List<String> passed = new CopyOnWriteArrayList<>();

        @Incoming("gate")
        public void pass(final String value) throws InterruptedException {
            entered.countDown();
            assertThat(open.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
            passed.add(value);
        }
    }

    private final Gate gate = new Gate();
    private final InFlight inFlight = new InFlight();
    private final InProcessChannel channel =
            new InProcessChannel("gate", 2, Duration.ofMillis(200), inFlight, () -> "the test closed it");

    InProcessChannelTest() {
        final IncomingMethod.Found found =
                IncomingMethod.find(Gate.class, NativeParameters.NONE).getFirst();
        final InProcessConnector connector = new InProcessConnector(
                java.util.Map.of(),
                new InProcessMetrics(new SimpleMeterRegistry()),
                new FailedChannels(),
                org.jzenith.messaging.spi.MessageTracing.NONE);
        final CountDownLatch stopping = new CountDownLatch(1);
        final IncomingMethod method = IncomingMethod.of(Gate.class, found, new ObjectMapper(), NativeParameters.NONE);
        channel.add(new ConsumerChannel(
                "gate",
                method,
                new MessageProcessor(
                        connector.policy("gate"),
                        method,
                        gate,
                        PayloadValidator.NONE,
                        connector.deadLetters("gate"),
                        connector.meters("gate"),
                        stopping,
                        connector.tracing(),
                        Optional.empty(),
                        new FailedChannels()),
                stopping));
        channel.start();
    }

    @AfterEach
    void close() {
        gate.open.countDown();
        channel.close();
    }

    private CompletableFuture<Void> send(final String value) {
        return channel.send(OutboundMessage.of(value.getBytes(StandardCharsets.UTF_8)))
                .toCompletableFuture();
    }

    @Test
    void aSendFindingTheBufferFullForThePatienceFailsNamingTheChannelAndItsConsumer() throws Exception {
        final CompletableFuture<Void> first = send("first");
        assertThat(gate.entered.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
        final CompletableFuture<Void> second = send("second");
        final CompletableFuture<Void> third = send("third");

        final CompletableFuture<Void> fourth = send("fourth");

        assertThat(fourth)
                .isCompletedExceptionally()
                .failsWithin(Duration.ZERO)
                .withThrowableOfType(ExecutionException.class)
                .withMessageContaining("the in-process channel 'gate' is full")
                .withMessageContaining("Gate.pass has 2 messages waiting");
        assertThat(List.of(first, second, third)).noneMatch(CompletableFuture::isDone);

        gate.open.countDown();
        CompletableFuture.allOf(first, second, third).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(gate.passed).containsExactly("first", "second", "third");
        assertThat(inFlight.awaitNone(WAIT)).isZero();
    }

    @Test
    void closingFailsTheBufferedMessagesAndLaterSends() throws Exception {
        send("first");
        assertThat(gate.entered.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
        final CompletableFuture<Void> buffered = send("buffered");

        channel.close();

        assertThat(buffered)
                .failsWithin(WAIT)
                .withThrowableOfType(ExecutionException.class)
                .withMessageContaining("closed before gate#2 was consumed");
        assertThat(send("late"))
                .failsWithin(WAIT)
                .withThrowableOfType(ExecutionException.class)
                .withMessageContaining("is closed");
    }
}
