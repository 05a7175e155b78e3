package org.jzenith.messaging.emitter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.spi.EmitterOverflow;
import org.jzenith.messaging.spi.Outbound;
import org.jzenith.messaging.spi.OutboundMessage;
import org.jzenith.messaging.spi.Payload;
import org.jzenith.messaging.spi.UnsupportedMessaging;

/**
 * {@code @OnOverflow} on a real {@link ChannelEmitter}, whose broker is an {@link Outbound} the test
 * confirms by hand: the bound counts sends the broker has not confirmed yet.
 */
class OnOverflowTest {

    /** An outbound whose sends wait until the test confirms them. */
    private static final class HeldOutbound implements Outbound {
        final List<CompletableFuture<Void>> pending = new CopyOnWriteArrayList<>();

        @Override
        public CompletionStage<Void> send(final OutboundMessage message) {
            final CompletableFuture<Void> confirmation = new CompletableFuture<>();
            pending.add(confirmation);
            return confirmation;
        }

        void confirm() {
            pending.removeFirst().complete(null);
        }
    }

    private final HeldOutbound outbound = new HeldOutbound();
    private final Counter dropped = Counter.builder("dropped").register(new SimpleMeterRegistry());
    private final ChannelEmitter<String> emitter = new ChannelEmitter<>(
            "names", Payload.of(String.class, new ObjectMapper()).orElseThrow(), outbound, dropped);

    private static OnOverflow annotation(final String field) {
        try {
            return Members.class.getDeclaredField(field).getAnnotation(OnOverflow.class);
        } catch (final NoSuchFieldException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void failRefusesTheSendPastTheBoundAtOnceNamingChannelAndBoundAndTakesSendsAgainOnceConfirmed() {
        emitter.bound(EmitterOverflow.of(annotation("failing"), "Members.failing"));
        final CompletionStage<Void> first = emitter.send("a");
        emitter.send("b");
        assertThat(emitter.hasRequests()).isFalse();

        assertThatThrownBy(() -> emitter.send("c"))
                .isInstanceOf(EmitterOverflowException.class)
                .hasMessage("refused a send to channel 'names': 2 sends are waiting for the broker's confirmation,"
                        + " as many as @OnOverflow(FAIL, bufferSize=2) on Members.failing allows");
        assertThat(outbound.pending)
                .as("the refused send never reached the connector")
                .hasSize(2);

        outbound.confirm();
        assertThat(first).isCompleted();
        assertThat(emitter.unconfirmed()).isEqualTo(1);
        assertThat(emitter.send("d")).isNotDone();
        assertThat(outbound.pending).hasSize(2);
    }

    @Test
    void bufferWithoutSizeHoldsSmallRyesDefaultOf128() {
        emitter.bound(EmitterOverflow.of(annotation("buffered"), "Members.buffered"));
        for (int i = 0; i < EmitterOverflow.DEFAULT_BOUND; i++) {
            emitter.send("n" + i);
        }
        assertThatThrownBy(() -> emitter.send("one too many"))
                .isInstanceOf(EmitterOverflowException.class)
                .hasMessageContaining("128 sends are waiting")
                .hasMessageContaining("@OnOverflow(BUFFER, bufferSize=128)");
    }

    @Test
    void dropDropsTheNewMessageCountsItAndNacksIt() {
        emitter.bound(EmitterOverflow.of(annotation("dropping"), "Members.dropping"));
        emitter.send("a");
        final CompletionStage<Void> droppedSend = emitter.send("b");
        assertThat(droppedSend).isCompletedExceptionally();
        assertThat(droppedSend.toCompletableFuture())
                .failsWithin(java.time.Duration.ZERO)
                .withThrowableThat()
                .havingCause()
                .isInstanceOf(EmitterOverflowException.class)
                .withMessageStartingWith("dropped a message of channel 'names'");

        final AtomicReference<Throwable> nacked = new AtomicReference<>();
        emitter.send(Message.of("c").withNack(failure -> {
            nacked.set(failure);
            return CompletableFuture.completedFuture(null);
        }));
        assertThat(nacked.get()).isInstanceOf(EmitterOverflowException.class);
        assertThat(dropped.count()).isEqualTo(2.0);
        assertThat(outbound.pending).hasSize(1);
    }

    @Test
    void aSecondDifferentBoundForTheSameChannelIsRefusedNamingBoth() {
        emitter.bound(EmitterOverflow.of(annotation("failing"), "Members.failing"));
        emitter.bound(EmitterOverflow.of(annotation("failing"), "Members.failing"));
        assertThatThrownBy(() -> emitter.bound(EmitterOverflow.of(annotation("dropping"), "Members.dropping")))
                .hasMessageContaining("Members.failing")
                .hasMessageContaining("Members.dropping");
    }

    @Test
    void withoutOnOverflowSendsAreHandedOverAsTheyCome() {
        for (int i = 0; i < 1_000; i++) {
            emitter.send("n" + i);
        }
        assertThat(outbound.pending).hasSize(1_000);
        assertThat(emitter.overflow()).isEmpty();
    }

    @Test
    void strategiesThatWouldHoldWithoutBoundOrCannotBeBuiltAreRefusedAtStartUpNamingTheMember() {
        final List<String> problems = UnsupportedMessaging.of(
                        Members.class,
                        false,
                        UnsupportedMessaging.Declared.emitters(Map.of("names", String.class)),
                        new UnsupportedMessaging.Registration(
                                "Plugin.withConsumers", "Plugin...withEmitter", "Plugin...withStream"))
                .stream()
                .map(problem -> problem.subject() + " " + problem.message())
                .toList();

        assertThat(problems)
                .anySatisfy(problem -> assertThat(problem)
                        .startsWith("Members.unbounded has @OnOverflow(UNBOUNDED_BUFFER)")
                        .contains("bufferSize = N"))
                .anySatisfy(problem -> assertThat(problem)
                        .startsWith("Members.latest has @OnOverflow(LATEST)")
                        .contains("@OnOverflow(DROP)"))
                .anySatisfy(problem -> assertThat(problem).startsWith("Members.none has @OnOverflow(NONE)"))
                .anySatisfy(problem ->
                        assertThat(problem).startsWith("Members.negative has @OnOverflow with bufferSize=-1"))
                .anySatisfy(problem -> assertThat(problem)
                        .startsWith("Members.notAnEmitter has @OnOverflow, which bounds a @Channel Emitter<T>"))
                .noneSatisfy(problem -> assertThat(problem).startsWith("Members.failing"))
                .noneSatisfy(problem -> assertThat(problem).startsWith("Members.buffered"))
                .noneSatisfy(problem -> assertThat(problem).startsWith("Members.dropping"))
                .hasSize(5);
    }

    /** Injection points as users write them, each with another @OnOverflow. */
    static class Members {
        @Channel("names")
        @OnOverflow(value = OnOverflow.Strategy.FAIL, bufferSize = 2)
        Emitter<String> failing;

        @Channel("names")
        @OnOverflow(OnOverflow.Strategy.BUFFER)
        Emitter<String> buffered;

        @Channel("names")
        @OnOverflow(value = OnOverflow.Strategy.DROP, bufferSize = 1)
        Emitter<String> dropping;

        @Channel("names")
        @OnOverflow(OnOverflow.Strategy.UNBOUNDED_BUFFER)
        Emitter<String> unbounded;

        @Channel("names")
        @OnOverflow(OnOverflow.Strategy.LATEST)
        Emitter<String> latest;

        @Channel("names")
        @OnOverflow(OnOverflow.Strategy.NONE)
        Emitter<String> none;

        @Channel("names")
        @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = -1)
        Emitter<String> negative;

        @OnOverflow(OnOverflow.Strategy.BUFFER)
        String notAnEmitter;
    }
}
