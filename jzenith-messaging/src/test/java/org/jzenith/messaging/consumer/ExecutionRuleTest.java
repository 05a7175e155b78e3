package org.jzenith.messaging.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.reactivex.rxjava3.core.Single;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.common.annotation.RunOnVirtualThread;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.internal.VertxInternal;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Outgoing;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.spi.ChannelPolicy;
import org.jzenith.messaging.spi.FailureStrategy;
import org.jzenith.messaging.spi.MessageTracing;
import org.jzenith.messaging.spi.NativeParameters;

/**
 * The execution rule for messaging methods, without a broker: plain methods on the processing virtual
 * thread, methods returning a reactive type (and {@code @NonBlocking} ones) on the channel's Vert.x
 * event loop while that thread waits, {@code @Blocking} and {@code @RunOnVirtualThread} back on the
 * virtual thread; a method that blocks the event loop is reported by Vert.x's blocked-thread checker; the
 * message's span is current on the event loop; a failing reactive result is retried as before.
 */
class ExecutionRuleTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    /** Where a method ran. */
    record Seen(boolean eventLoop, boolean virtual, String thread, SpanContext span, Optional<Context> context) {
        static Seen here() {
            return new Seen(
                    Context.isOnEventLoopThread(),
                    Thread.currentThread().isVirtual(),
                    Thread.currentThread().getName(),
                    Span.current().getSpanContext(),
                    Optional.ofNullable(Vertx.currentContext()));
        }
    }

    /** One method per case, each recording where it ran. */
    public static class Methods {
        final Map<String, Seen> seen = new ConcurrentHashMap<>();
        final CountDownLatch released = new CountDownLatch(1);
        final AtomicInteger laterCalls = new AtomicInteger();
        volatile Thread laterCompletedOn;

        @Incoming("plain")
        public void plain(final String payload) {
            seen.put("plain", Seen.here());
        }

        @Incoming("non-blocking")
        @NonBlocking
        public void nonBlocking(final String payload) {
            seen.put("non-blocking", Seen.here());
        }

        @Incoming("uni")
        public Uni<Void> uni(final String payload) {
            seen.put("uni", Seen.here());
            return Uni.createFrom().voidItem();
        }

        @Incoming("stage")
        @Outgoing("shouts")
        public CompletionStage<String> stage(final String payload) {
            seen.put("stage", Seen.here());
            return CompletableFuture.completedFuture(payload.toUpperCase());
        }

        @Incoming("single")
        public Single<String> single(final String payload) {
            seen.put("single", Seen.here());
            return Single.just(payload);
        }

        @Incoming("blocking-uni")
        @Blocking
        public Uni<Void> blockingUni(final String payload) {
            seen.put("blocking-uni", Seen.here());
            return Uni.createFrom().voidItem();
        }

        @Incoming("virtual-uni")
        @RunOnVirtualThread
        public Uni<Void> virtualUni(final String payload) {
            seen.put("virtual-uni", Seen.here());
            return Uni.createFrom().voidItem();
        }

        @Incoming("messaging-blocking-stage")
        @io.smallrye.reactive.messaging.annotations.Blocking
        public CompletionStage<Void> messagingBlocking(final String payload) {
            seen.put("messaging-blocking-stage", Seen.here());
            return CompletableFuture.completedFuture(null);
        }

        @Incoming("manual")
        public CompletionStage<Void> manual(final org.eclipse.microprofile.reactive.messaging.Message<String> message) {
            seen.put("manual", Seen.here());
            return message.ack();
        }

        /** Blocks the event loop until the test lets it go. */
        @Incoming("blocks")
        @NonBlocking
        public void blocks(final String payload) throws InterruptedException {
            seen.put("blocks", Seen.here());
            released.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        }

        /** Fails on the first call, later on the event loop; succeeds on the second. */
        @Incoming("later")
        public CompletionStage<Void> later(final String payload) {
            final CompletableFuture<Void> done = new CompletableFuture<>();
            final int call = laterCalls.incrementAndGet();
            Vertx.currentContext().runOnContext(ignored -> {
                laterCompletedOn = Thread.currentThread();
                if (call == 1) {
                    done.completeExceptionally(new IllegalStateException("not yet"));
                } else {
                    done.complete(null);
                }
            });
            return done;
        }
    }

    /** @NonBlocking on the class: its methods on the event loop, unless one says otherwise. */
    @NonBlocking
    public static class OnTheLoop {
        final Map<String, Seen> seen = new ConcurrentHashMap<>();

        @Incoming("class-plain")
        public void plain(final String payload) {
            seen.put("class-plain", Seen.here());
        }

        @Incoming("class-blocking")
        @Blocking
        public void blocking(final String payload) {
            seen.put("class-blocking", Seen.here());
        }
    }

    /** Keeps what a processor sends. */
    private static final class Kept implements Emitter<Object> {
        final Queue<Object> sent = new ConcurrentLinkedQueue<>();

        @Override
        public CompletionStage<Void> send(final Object payload) {
            sent.add(payload);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public <M extends org.eclipse.microprofile.reactive.messaging.Message<? extends Object>> void send(
                final M message) {
            sent.add(message.getPayload());
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

    private final Vertx vertx = Vertx.vertx(new VertxOptions()
            .setMaxEventLoopExecuteTime(200)
            .setMaxEventLoopExecuteTimeUnit(TimeUnit.MILLISECONDS)
            .setBlockedThreadCheckInterval(50)
            .setBlockedThreadCheckIntervalUnit(TimeUnit.MILLISECONDS));
    private final Methods methods = new Methods();
    private final OnTheLoop onTheLoop = new OnTheLoop();
    private final Kept kept = new Kept();
    /** Tracing with a span processor: without one the SDK's spans record nothing and are not valid. */
    private final SdkTracerProvider tracerProvider = SdkTracerProvider.builder()
            .addSpanProcessor(new io.opentelemetry.sdk.trace.SpanProcessor() {
                @Override
                public void onStart(
                        final io.opentelemetry.context.Context parent,
                        final io.opentelemetry.sdk.trace.ReadWriteSpan span) {}

                @Override
                public boolean isStartRequired() {
                    return false;
                }

                @Override
                public void onEnd(final io.opentelemetry.sdk.trace.ReadableSpan span) {}

                @Override
                public boolean isEndRequired() {
                    return false;
                }
            })
            .build();

    @AfterEach
    void close() {
        methods.released.countDown();
        tracerProvider.close();
        vertx.close().await();
    }

    private static IncomingMethod method(final Class<?> type, final String channel) {
        final IncomingMethod.Found found = IncomingMethod.find(type, NativeParameters.NONE).stream()
                .filter(each -> each.channel().equals(channel))
                .findFirst()
                .orElseThrow();
        assertThat(found.problems()).isEmpty();
        return IncomingMethod.of(type, found, new ObjectMapper(), NativeParameters.NONE);
    }

    private MessageProcessor processor(final Object bean, final String channel, final MessageTracing tracing) {
        final IncomingMethod method = method(bean.getClass(), channel);
        return new MessageProcessor(
                new ChannelPolicy(
                        channel,
                        1,
                        Duration.ofMillis(1),
                        Duration.ofMillis(1),
                        FailureStrategy.DEAD_LETTER_QUEUE,
                        1_000,
                        "max-message-bytes"),
                method,
                bean,
                PayloadValidator.NONE,
                new KeptDeadLetters(),
                CountingMeters.in(new SimpleMeterRegistry()),
                new CountDownLatch(1),
                tracing,
                method.forward().map(forward -> kept),
                new FailedChannels(),
                vertx);
    }

    /** Processes one message on a virtual thread of its own, as a connector does, and waits until it is done. */
    private static boolean processOnVirtualThread(final MessageProcessor processor) throws Exception {
        final CompletableFuture<Boolean> done = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> done.complete(processor.process(new Delivered(1), () -> {})));
        return done.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }

    private Seen run(final Object bean, final String channel) throws Exception {
        assertThat(processOnVirtualThread(processor(bean, channel, MessageTracing.NONE)))
                .isTrue();
        return bean instanceof Methods each ? each.seen.get(channel) : onTheLoop.seen.get(channel);
    }

    @Test
    void aPlainMethodRunsOnTheProcessingVirtualThread() throws Exception {
        final Seen seen = run(methods, "plain");
        assertThat(seen.virtual()).isTrue();
        assertThat(seen.eventLoop()).isFalse();
    }

    @Test
    void nonBlockingAndReactiveReturnTypesRunOnAnEventLoop() throws Exception {
        for (final String channel : new String[] {"non-blocking", "uni", "stage", "single"}) {
            final Seen seen = run(methods, channel);
            assertThat(seen.eventLoop()).as(channel).isTrue();
            assertThat(seen.virtual()).as(channel).isFalse();
            assertThat(seen.thread()).as(channel).startsWith("vert.x-eventloop-thread-");
        }
        assertThat(kept.sent).as("the processor's result went on").containsExactly("P-1");
    }

    @Test
    void blockingAndRunOnVirtualThreadKeepAReactiveMethodOnTheVirtualThread() throws Exception {
        for (final String channel : new String[] {"blocking-uni", "virtual-uni", "messaging-blocking-stage"}) {
            final Seen seen = run(methods, channel);
            assertThat(seen.virtual()).as(channel).isTrue();
            assertThat(seen.eventLoop()).as(channel).isFalse();
        }
    }

    @Test
    void nonBlockingOnTheClassAppliesToItsMethodsUnlessOneSaysOtherwise() throws Exception {
        assertThat(run(onTheLoop, "class-plain").eventLoop()).isTrue();
        final Seen blocking = run(onTheLoop, "class-blocking");
        assertThat(blocking.virtual()).isTrue();
        assertThat(blocking.eventLoop()).isFalse();
    }

    @Test
    void theCallsOfAChannelShareOneEventLoopContextAndChannelsGetTheirOwn() throws Exception {
        final MessageProcessor uni = processor(methods, "uni", MessageTracing.NONE);
        assertThat(processOnVirtualThread(uni)).isTrue();
        final Context first = methods.seen.get("uni").context().orElseThrow();
        assertThat(processOnVirtualThread(uni)).isTrue();
        final Context again = methods.seen.get("uni").context().orElseThrow();
        assertThat(run(methods, "non-blocking").context()).isPresent();

        assertThat(again).isSameAs(first);
        assertThat(methods.seen.get("non-blocking").context().orElseThrow()).isNotSameAs(first);
    }

    @Test
    void anAckOnTheEventLoopReachesTheConnectorOnAVirtualThread() throws Exception {
        final CompletableFuture<Thread> acknowledgedOn = new CompletableFuture<>();
        final MessageProcessor processor = processor(methods, "manual", MessageTracing.NONE);
        final CompletableFuture<Boolean> done = new CompletableFuture<>();
        Thread.ofVirtual()
                .start(() -> done.complete(
                        processor.process(new Delivered(1), () -> acknowledgedOn.complete(Thread.currentThread()))));

        assertThat(done.get(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
        assertThat(methods.seen.get("manual").eventLoop()).isTrue();
        final Thread thread = acknowledgedOn.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(thread.isVirtual()).as(thread.getName()).isTrue();
    }

    @Test
    void aMethodThatBlocksTheEventLoopIsReportedByVertxsBlockedThreadChecker() throws Exception {
        final Queue<Thread> blocked = new ConcurrentLinkedQueue<>();
        ((VertxInternal) vertx).blockedThreadChecker().setThreadBlockedHandler(event -> {
            blocked.add(event.thread());
            methods.released.countDown();
        });

        assertThat(processOnVirtualThread(processor(methods, "blocks", MessageTracing.NONE)))
                .isTrue();

        assertThat(methods.released.getCount())
                .as("let go by the checker, not by the deadline")
                .isZero();
        assertThat(blocked)
                .extracting(Thread::getName)
                .contains(methods.seen.get("blocks").thread());
    }

    @Test
    void theMessagesSpanIsCurrentOnTheEventLoop() throws Exception {
        final io.opentelemetry.api.trace.Tracer tracer = tracerProvider.get("test");
        final Span[] started = new Span[1];
        final MessageTracing tracing =
                message -> started[0] = tracer.spanBuilder("process").startSpan();

        assertThat(processOnVirtualThread(processor(methods, "uni", tracing))).isTrue();

        final Seen seen = methods.seen.get("uni");
        assertThat(seen.eventLoop()).isTrue();
        assertThat(seen.span().isValid()).isTrue();
        assertThat(seen.span()).isEqualTo(started[0].getSpanContext());
    }

    @Test
    void aReactiveResultThatFailsOnTheEventLoopIsRetriedFromTheVirtualThread() throws Exception {
        assertThat(processOnVirtualThread(processor(methods, "later", MessageTracing.NONE)))
                .isTrue();

        assertThat(methods.laterCalls).hasValue(2);
        assertThat(methods.laterCompletedOn.getName()).startsWith("vert.x-eventloop-thread-");
    }

    @Test
    void aProcessorWithoutVertxRefusesAMethodTheRulePutsOnTheEventLoop() {
        final IncomingMethod uni = method(Methods.class, "uni");
        assertThatThrownBy(() -> new MessageProcessor(
                        new ChannelPolicy(
                                "uni",
                                0,
                                Duration.ofMillis(1),
                                Duration.ofMillis(1),
                                FailureStrategy.DEAD_LETTER_QUEUE,
                                1_000,
                                "max-message-bytes"),
                        uni,
                        methods,
                        PayloadValidator.NONE,
                        new KeptDeadLetters(),
                        CountingMeters.in(new SimpleMeterRegistry()),
                        new CountDownLatch(1),
                        MessageTracing.NONE,
                        Optional.empty(),
                        new FailedChannels()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Methods.uni is called on an event loop");
    }
}
