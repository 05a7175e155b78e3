package org.jzenith.messaging.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.reactivex.rxjava3.core.Flowable;
import io.smallrye.mutiny.Multi;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Acknowledgment;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Outgoing;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.spi.ChannelMeters;
import org.jzenith.messaging.spi.ChannelPolicy;
import org.jzenith.messaging.spi.Connector;
import org.jzenith.messaging.spi.DeadLetters;
import org.jzenith.messaging.spi.FailureStrategy;
import org.jzenith.messaging.spi.MessageTracing;
import org.jzenith.messaging.spi.NativeParameters;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.OutboundMessage;
import org.jzenith.test.Await;

/**
 * Stream processors without a broker: the {@code @Outgoing} channel is an outbound whose sends the test
 * confirms or refuses, so that when each incoming message is acknowledged can be seen.
 */
class StreamProcessorTest {

    /** The stream processors, as the SmallRye guides write them. */
    public static class Processors {
        @Incoming("in")
        @Outgoing("out")
        public Multi<String> upper(final Multi<String> in) {
            return in.filter(value -> !value.endsWith("-2")).map(value -> value.toUpperCase(Locale.ROOT));
        }

        @Incoming("messages")
        @Outgoing("out")
        public Multi<Message<String>> messages(final Multi<Message<String>> in) {
            return in.map(message -> message.withPayload(message.getPayload() + "!"));
        }

        @Incoming("flowable")
        @Outgoing("out")
        public Flowable<String> twice(final Flowable<String> in) {
            return in.concatMap(value -> Flowable.just(value + "a", value + "b"));
        }

        @Incoming("payloads-to-messages")
        @Outgoing("out")
        public Multi<Message<String>> toMessages(final Multi<String> in) {
            return in.map(value -> Message.of(value + "?"));
        }

        @Incoming("messages-to-payloads")
        @Outgoing("out")
        public Multi<String> toPayloads(final Multi<Message<String>> in) {
            return in.map(message -> message.getPayload() + "~");
        }

        @Incoming("failing")
        @Outgoing("out")
        public Multi<String> failing(final Multi<String> in) {
            return in.map(value -> {
                if (value.endsWith("-2")) {
                    throw new IllegalStateException("no second one");
                }
                return value;
            });
        }
    }

    /** Stream processors jZenith cannot run, each for another reason. */
    public static class BadProcessors {
        @Incoming("c")
        @Outgoing("d")
        public io.reactivex.rxjava3.core.Observable<String> observable(final Flowable<String> in) {
            return in.toObservable();
        }

        @Incoming("e")
        @Outgoing("f")
        @Acknowledgment(Acknowledgment.Strategy.PRE_PROCESSING)
        public Multi<String> acknowledged(final Multi<String> in) {
            return in;
        }

        @Incoming("g")
        public void noOutgoing(final Multi<String> in) {}
    }

    /** An outbound whose sends wait until the test settles them, in the order they were sent. */
    private static final class HeldOutbound implements Outbound {
        final List<String> sent = new CopyOnWriteArrayList<>();
        final List<CompletableFuture<Void>> pending = new CopyOnWriteArrayList<>();

        @Override
        public CompletionStage<Void> send(final OutboundMessage message) {
            final CompletableFuture<Void> confirmation = new CompletableFuture<>();
            sent.add(new String(message.payload(), StandardCharsets.UTF_8));
            pending.add(confirmation);
            return confirmation;
        }

        void confirmAll() {
            while (!pending.isEmpty()) {
                pending.removeFirst().complete(null);
            }
        }
    }

    private final HeldOutbound outbound = new HeldOutbound();
    private final KeptDeadLetters deadLetters = new KeptDeadLetters();
    private final FailedChannels failed = new FailedChannels();
    private final Connector connector = new Connector() {
        @Override
        public String name() {
            return "test";
        }

        @Override
        public NativeParameters parameters() {
            return NativeParameters.NONE;
        }

        @Override
        public ChannelPolicy policy(final String channel) {
            return new ChannelPolicy(
                    channel,
                    0,
                    Duration.ofMillis(1),
                    Duration.ofMillis(1),
                    FailureStrategy.DEAD_LETTER_QUEUE,
                    1_000,
                    "max-message-bytes");
        }

        @Override
        public DeadLetters deadLetters(final String channel) {
            return deadLetters;
        }

        @Override
        public ChannelMeters meters(final String channel) {
            return CountingMeters.in(new SimpleMeterRegistry());
        }

        @Override
        public MessageTracing tracing() {
            return MessageTracing.NONE;
        }

        @Override
        public Outbound outbound(final String channel) {
            return outbound;
        }
    };

    private ConsumerChannel channel(final String name) {
        final IncomingMethod.Found found = IncomingMethod.find(Processors.class, NativeParameters.NONE).stream()
                .filter(method -> method.channel().equals(name))
                .findFirst()
                .orElseThrow();
        assertThat(found.problems()).isEmpty();
        return StreamMethods.channel(
                Processors.class,
                found,
                new Processors(),
                new ObjectMapper(),
                connector,
                PayloadValidator.NONE,
                failed);
    }

    private static List<Long> process(final ConsumerChannel channel, final long... offsets) {
        final List<Long> acknowledged = new CopyOnWriteArrayList<>();
        for (final long offset : offsets) {
            assertThat(channel.processor().process(new Delivered(offset), () -> acknowledged.add(offset)))
                    .isTrue();
        }
        return acknowledged;
    }

    @Test
    void aPayloadStreamAcknowledgesEachMessageOnceItsResultIsConfirmedAndAFilteredOneAtOnce() {
        final List<Long> acknowledged = process(channel("in"), 1, 2, 3);

        assertThat(outbound.sent).containsExactly("P-1", "P-3");
        assertThat(acknowledged)
                .as("only the filtered one, which has no result to wait for")
                .containsExactly(2L);

        outbound.confirmAll();
        assertThat(acknowledged).containsExactly(2L, 1L, 3L);
    }

    @Test
    void aMessageStreamAcknowledgesTheIncomingMessageWhenTheOutgoingOneMadeWithWithPayloadIsConfirmed() {
        final List<Long> acknowledged = process(channel("messages"), 1, 2);

        assertThat(outbound.sent).containsExactly("p-1!", "p-2!");
        assertThat(acknowledged).isEmpty();
        outbound.pending.removeFirst().complete(null);
        assertThat(acknowledged).containsExactly(1L);
        outbound.pending.removeFirst().completeExceptionally(new IllegalStateException("refused for good"));
        Await.until(Duration.ofSeconds(10), "the refused one dead-lettered", () -> acknowledged.size() == 2);
        assertThat(deadLetters.sent).hasSize(1);
    }

    @Test
    void aFlowableThatEmitsTwoResultsPerMessageAcknowledgesItOnceBothAreConfirmedAndARefusedOneGoesToTheDeadLetters() {
        final List<Long> acknowledged = process(channel("flowable"), 1, 2);

        assertThat(outbound.sent).containsExactly("p-1a", "p-1b", "p-2a", "p-2b");
        outbound.pending.removeFirst().complete(null);
        assertThat(acknowledged).as("one of its two results confirmed").isEmpty();
        outbound.pending.removeFirst().complete(null);
        assertThat(acknowledged).containsExactly(1L);

        outbound.pending.removeFirst().completeExceptionally(new IllegalStateException("too large"));
        outbound.pending.removeFirst().complete(null);
        Await.until(Duration.ofSeconds(10), "the second dead-lettered", () -> acknowledged.size() == 2);
        assertThat(deadLetters.sent).hasSize(1);
    }

    @Test
    void payloadsOnEitherSideAreAcknowledgedAsTheirResultsAreConfirmedAsForAPayloadStream() {
        final List<Long> toMessages = process(channel("payloads-to-messages"), 1);
        final List<Long> toPayloads = process(channel("messages-to-payloads"), 2);

        assertThat(outbound.sent).containsExactly("p-1?", "p-2~");
        assertThat(toMessages).isEmpty();
        assertThat(toPayloads).isEmpty();
        outbound.confirmAll();
        assertThat(toMessages).containsExactly(1L);
        assertThat(toPayloads).containsExactly(2L);
    }

    @Test
    void resultsThatWaitedForAFullWindowStillHoldTheirMessageUntilConfirmed() {
        final ConsumerChannel twice = channel("flowable");
        final int fill = StreamMethods.WINDOW / 2; // two results each: the window is full after these
        final List<Long> acknowledged = process(
                twice, java.util.stream.LongStream.rangeClosed(1, fill + 1).toArray());
        assertThat(outbound.pending).hasSize(StreamMethods.WINDOW);
        assertThat(outbound.sent).doesNotContain("p-" + (fill + 1) + "a");

        for (int i = 0; i < StreamMethods.WINDOW; i++) { // each lets one waiting result of the last message out
            outbound.pending.removeFirst().complete(null);
        }
        assertThat(outbound.sent).endsWith("p-" + (fill + 1) + "a", "p-" + (fill + 1) + "b");
        assertThat(acknowledged)
                .as("the last message waits for its two results, sent after it was taken")
                .doesNotContain((long) fill + 1);
        outbound.confirmAll();
        assertThat(acknowledged).hasSize(fill + 1).last().isEqualTo((long) fill + 1);
    }

    @Test
    void theConsumerWaitsWhileTheWindowOfUnconfirmedResultsIsFull() throws Exception {
        final ConsumerChannel upper = channel("in");
        final long window = StreamMethods.WINDOW;
        final long[] offsets =
                java.util.stream.LongStream.rangeClosed(10, 9 + window).toArray();
        process(upper, offsets);
        assertThat(outbound.pending).hasSize((int) window);

        final CompletableFuture<Boolean> next = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> next.complete(upper.processor().process(new Delivered(1_000), () -> {})));
        assertThat(outbound.pending).as("the next message waits for room").hasSize((int) window);
        assertThat(next).isNotDone();

        outbound.pending.removeFirst().complete(null);
        assertThat(next.get(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(outbound.sent).last().isEqualTo("P-1000");
    }

    @Test
    void aStreamThatFailsStopsTheChannelAndSaysSoNamingTheMethod() {
        final ConsumerChannel failing = channel("failing");
        final List<Long> acknowledged = process(failing, 1, 2);
        outbound.confirmAll();

        assertThat(acknowledged)
                .as("the failed one is not acknowledged: it comes again")
                .containsExactly(1L);
        assertThat(failing.stopping().getCount()).isZero();
        assertThat(failed.describe()).hasValueSatisfying(why -> assertThat(why)
                .startsWith("channel 'failing' stopped: the stream of Processors.failing failed:")
                .contains("no second one"));
        failing.processor().process(new Delivered(3), () -> acknowledged.add(3L));
        assertThat(outbound.sent).as("a message after the end is not taken").containsExactly("p-1");
        assertThat(acknowledged).containsExactly(1L);
    }

    @Test
    void streamProcessorsThatCannotBeRunAreRefusedNamingWhy() {
        final List<IncomingMethod.Found> found = IncomingMethod.find(BadProcessors.class, NativeParameters.NONE);
        assertThat(found)
                .anySatisfy(method -> {
                    assertThat(method.method().getName()).isEqualTo("observable");
                    assertThat(method.problems())
                            .singleElement()
                            .asString()
                            .startsWith("takes a stream but returns io.reactivex.rxjava3.core.Observable");
                })
                .anySatisfy(method -> {
                    assertThat(method.method().getName()).isEqualTo("acknowledged");
                    assertThat(method.problems()).singleElement().asString().startsWith("has @Acknowledgment");
                })
                .anySatisfy(method -> {
                    assertThat(method.method().getName()).isEqualTo("noOutgoing");
                    assertThat(method.problems())
                            .anySatisfy(problem -> assertThat(problem).contains("but has no @Outgoing"));
                });
    }
}
