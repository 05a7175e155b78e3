package org.jzenith.messaging.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.reactive.messaging.Acknowledgment;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.spi.ChannelPolicy;
import org.jzenith.messaging.spi.FailureStrategy;
import org.jzenith.messaging.spi.MessageTracing;
import org.jzenith.messaging.spi.NativeParameters;

/**
 * When the layer tells a connector that a message may be acknowledged, per MicroProfile Reactive
 * Messaging's strategies, without a broker: a method taking a {@code Message} acknowledges it itself
 * ({@code MANUAL}) and its nack goes to the dead letters; {@code PRE_PROCESSING} acknowledges before the
 * method runs, {@code POST_PROCESSING} after; {@code NONE} never dead-letters.
 */
class AcknowledgementsTest {

    /** Methods of each acknowledgement, recording what they saw. */
    public static class Methods {
        final Queue<Message<String>> messages = new ConcurrentLinkedQueue<>();
        final Queue<Boolean> acknowledgedBefore = new ConcurrentLinkedQueue<>();
        volatile CountDownLatch acknowledged = new CountDownLatch(1);

        @Incoming("manual")
        public void manual(final Message<String> message) {
            messages.add(message);
        }

        @Incoming("pre")
        @Acknowledgment(Acknowledgment.Strategy.PRE_PROCESSING)
        public void pre(final Message<String> message) {
            acknowledgedBefore.add(acknowledged.getCount() == 0);
        }

        @Incoming("post")
        public void post(final String payload) {
            acknowledgedBefore.add(acknowledged.getCount() == 0);
        }

        @Incoming("none")
        @Acknowledgment(Acknowledgment.Strategy.NONE)
        public void none(final String payload) {
            throw new IllegalStateException("fails for good");
        }
    }

    private final Methods methods = new Methods();
    private final KeptDeadLetters deadLetters = new KeptDeadLetters();
    private final MeterRegistry registry = new SimpleMeterRegistry();
    private final Counter ignored = registry.counter("ignored");

    private MessageProcessor processor(final String channel) {
        return processor(channel, ChannelPolicy.UNACKNOWLEDGED_WARNING, registry, new CountDownLatch(1));
    }

    private MessageProcessor processor(
            final String channel,
            final Duration unacknowledgedWarning,
            final MeterRegistry meters,
            final CountDownLatch stopping) {
        final IncomingMethod.Found found = IncomingMethod.find(Methods.class, NativeParameters.NONE).stream()
                .filter(each -> each.channel().equals(channel))
                .findFirst()
                .orElseThrow();
        assertThat(found.problems()).isEmpty();
        final IncomingMethod method =
                IncomingMethod.of(Methods.class, found, new ObjectMapper(), NativeParameters.NONE);
        return new MessageProcessor(
                new ChannelPolicy(
                        channel,
                        0,
                        Duration.ofMillis(1),
                        Duration.ofMillis(1),
                        FailureStrategy.DEAD_LETTER_QUEUE,
                        1_000,
                        "max-message-bytes",
                        unacknowledgedWarning),
                method,
                methods,
                PayloadValidator.NONE,
                deadLetters,
                CountingMeters.in(meters),
                stopping,
                MessageTracing.NONE,
                Optional.empty(),
                new FailedChannels());
    }

    @Test
    void aMessageMethodIsAcknowledgedOnlyWhenItCallsAckAndOnlyOnce() throws Exception {
        final AtomicInteger acknowledged = new AtomicInteger();

        assertThat(processor("manual").process(new Delivered(7), acknowledged::incrementAndGet))
                .isTrue();

        assertThat(acknowledged).as("the method returned without ack").hasValue(0);
        final Message<String> message = methods.messages.remove();
        assertThat(message.getPayload()).isEqualTo("p-7");
        assertThat(message.getMetadata(Delivered.class)).contains(new Delivered(7));
        message.ack().toCompletableFuture().get(5, TimeUnit.SECONDS);
        message.ack().toCompletableFuture().get(5, TimeUnit.SECONDS);
        assertThat(acknowledged).hasValue(1);
        assertThat(deadLetters.sent).isEmpty();
    }

    @Test
    void aMessageLeftUnacknowledgedIsReportedOnlyWhileItsChannelRuns() {
        final Duration warning = Duration.ofMillis(200);
        final MeterRegistry stoppedMeters = new SimpleMeterRegistry();
        final CountDownLatch stopped = new CountDownLatch(1);
        final MeterRegistry runningMeters = new SimpleMeterRegistry();

        processor("manual", warning, stoppedMeters, stopped).process(new Delivered(10), () -> {});
        stopped.countDown(); // its channel stops: the message is given back, to come again after a restart
        processor("manual", warning, runningMeters, new CountDownLatch(1)).process(new Delivered(11), () -> {});

        // One thread checks both, in the order they are due: once the later is reported, the earlier was checked.
        org.jzenith.test.Await.until(
                Duration.ofSeconds(5),
                "the message of the running channel is reported",
                () -> runningMeters.counter("unacknowledged").count() == 1.0);
        assertThat(stoppedMeters.counter("unacknowledged").count()).isZero();
    }

    @Test
    void aNackGoesToTheDeadLettersAndTheMessageIsThenAcknowledged() throws Exception {
        final CountDownLatch acknowledged = new CountDownLatch(1);
        processor("manual").process(new Delivered(8), acknowledged::countDown);

        methods.messages
                .remove()
                .withPayload("kept ack") // as a processor would pass it on: the ack and nack go with it
                .nack(new IllegalStateException("out of stock"))
                .toCompletableFuture()
                .get(5, TimeUnit.SECONDS);

        assertThat(deadLetters.sent).containsExactly("prices-0@8 out of stock");
        assertThat(acknowledged.await(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aConnectorThatAcknowledgesOnReturnWaitsForTheMethodsAck() throws Exception {
        final CompletableFuture<Boolean> done = CompletableFuture.supplyAsync(
                () -> processor("manual").process(new Delivered(9)),
                command -> Thread.ofVirtual().start(command));
        org.jzenith.test.Await.until(
                Duration.ofSeconds(5), "the method has the message", () -> !methods.messages.isEmpty());
        assertThat(done).as("not acknowledged yet").isNotDone();

        methods.messages.remove().ack();

        assertThat(done.get(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void preProcessingAcknowledgesBeforeTheMethodRunsAndPostProcessingAfter() {
        methods.acknowledged = new CountDownLatch(1);
        processor("pre").process(new Delivered(1), methods.acknowledged::countDown);
        final CountDownLatch post = new CountDownLatch(1);
        methods.acknowledged = post;
        processor("post").process(new Delivered(2), post::countDown);

        assertThat(methods.acknowledgedBefore).containsExactly(true, false);
        assertThat(post.getCount()).as("acknowledged once the method was done").isZero();
    }

    @Test
    void noneIsAcknowledgedBeforeTheMethodAndAFailureIsCountedAsIgnoredNeverDeadLettered() {
        final AtomicInteger acknowledged = new AtomicInteger();

        assertThat(processor("none").process(new Delivered(3), acknowledged::incrementAndGet))
                .isTrue();

        assertThat(acknowledged).hasValue(1);
        assertThat(ignored.count()).isEqualTo(1.0);
        assertThat(deadLetters.sent).isEmpty();
    }
}
