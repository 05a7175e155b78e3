package org.jzenith.messaging.consumer;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.reactive.messaging.Acknowledgment;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Metadata;
import org.jzenith.messaging.emitter.ChannelEmitter;
import org.jzenith.messaging.spi.ChannelMeters;
import org.jzenith.messaging.spi.ChannelPolicy;
import org.jzenith.messaging.spi.DeadLetters;
import org.jzenith.messaging.spi.InboundMessage;
import org.jzenith.messaging.spi.MessageTracing;
import org.jzenith.messaging.spi.PayloadException;
import org.jzenith.messaging.spi.Returns;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes one message of a channel to its end, for any connector: reads and validates it, calls the
 * method and waits for what it returns (a processor's result is handed to the {@code @Outgoing}
 * channel, and the message acknowledged once the broker has it, while the next one is processed), tries
 * again with backoff, and when every attempt failed or
 * it cannot be read at all does what the channel's failure strategy says (by default: to the
 * connector's dead letters). The connector calls it on a virtual thread of its own, where blocking is
 * fine, and acknowledges the message (commits its offset) only when it returns true. The method itself is
 * called where the execution rule says ({@link IncomingMethod#execution()}, as for REST resources): on that
 * virtual thread, or, when it returns a reactive type or has {@code @NonBlocking}, on the channel's Vert.x
 * event loop while that thread waits ({@code EventLoopCall}). Logs name the message's position, never its
 * payload. Thread-safe.
 *
 * <pre>{@code
 * MessageProcessor processor = new MessageProcessor(policy, method, bean, validator, deadLetters, meters,
 *         stopping, tracing, Optional.empty(), failedChannels, vertx);
 * if (processor.process(message)) { acknowledge(message); }
 * }</pre>
 */
public final class MessageProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(MessageProcessor.class);
    private static final Duration DEAD_LETTER_RETRY = Duration.ofSeconds(1);
    private static final Duration ACK_WAIT = Duration.ofMillis(100);

    private final ChannelPolicy settings;
    private final IncomingMethod method;
    private final Object bean;
    private final PayloadValidator validator;
    private final DeadLetters deadLetters;
    private final ChannelMeters metrics;
    private final CountDownLatch stopping;
    private final MessageTracing tracing;
    private final Optional<Emitter<Object>> forward;
    private final FailedChannels failedChannels;
    /** Whether the method is {@code @Idempotent}: only then does the inbox need the message bound. */
    private final boolean inbox;
    /** Where the method is called when the execution rule puts it on an event loop; else on this thread. */
    private final Optional<EventLoopCall> eventLoop;

    /**
     * A processor of {@code method}'s channel whose method is called on the connector's processing thread:
     * one the execution rule puts on a virtual thread.
     *
     * @param stopping counted down when the channel stops; the processor counts it down itself when the
     *     failure strategy {@code fail} stops the channel
     * @param forward where a processor method's results are sent, for one with {@code @Outgoing}
     * @throws IllegalArgumentException when the rule puts {@code method} on an event loop: make its
     *     processor with a Vert.x instance
     */
    public MessageProcessor(
            final ChannelPolicy settings,
            final IncomingMethod method,
            final Object bean,
            final PayloadValidator validator,
            final DeadLetters deadLetters,
            final ChannelMeters metrics,
            final CountDownLatch stopping,
            final MessageTracing tracing,
            final Optional<Emitter<Object>> forward,
            final FailedChannels failedChannels) {
        this(
                settings,
                method,
                bean,
                validator,
                deadLetters,
                metrics,
                stopping,
                tracing,
                forward,
                failedChannels,
                Optional.empty());
        if (method.onEventLoop()) {
            throw new IllegalArgumentException(method.describe()
                    + " is called on an event loop (it returns a reactive type or has @NonBlocking): make its"
                    + " processor with the application's Vertx");
        }
    }

    /**
     * A processor of {@code method}'s channel that calls the method where the execution rule says: on an
     * event-loop context of {@code vertx} made for this channel (the connector's processing thread waits
     * for it), or on the processing thread itself.
     *
     * @param stopping counted down when the channel stops; the processor counts it down itself when the
     *     failure strategy {@code fail} stops the channel
     * @param forward where a processor method's results are sent, for one with {@code @Outgoing}
     */
    public MessageProcessor(
            final ChannelPolicy settings,
            final IncomingMethod method,
            final Object bean,
            final PayloadValidator validator,
            final DeadLetters deadLetters,
            final ChannelMeters metrics,
            final CountDownLatch stopping,
            final MessageTracing tracing,
            final Optional<Emitter<Object>> forward,
            final FailedChannels failedChannels,
            final Vertx vertx) {
        this(
                settings,
                method,
                bean,
                validator,
                deadLetters,
                metrics,
                stopping,
                tracing,
                forward,
                failedChannels,
                method.onEventLoop() ? Optional.of(new EventLoopCall(vertx)) : Optional.empty());
    }

    private MessageProcessor(
            final ChannelPolicy settings,
            final IncomingMethod method,
            final Object bean,
            final PayloadValidator validator,
            final DeadLetters deadLetters,
            final ChannelMeters metrics,
            final CountDownLatch stopping,
            final MessageTracing tracing,
            final Optional<Emitter<Object>> forward,
            final FailedChannels failedChannels,
            final Optional<EventLoopCall> eventLoop) {
        this.eventLoop = eventLoop;
        this.forward = forward;
        this.failedChannels = failedChannels;
        this.tracing = tracing;
        this.settings = settings;
        this.method = method;
        this.bean = bean;
        this.validator = validator;
        this.deadLetters = deadLetters;
        this.metrics = metrics;
        this.stopping = stopping;
        this.inbox = InboxMethods.applies(method);
    }

    /**
     * Processes {@code message} for a connector that acknowledges it when this returns: true when it is
     * done (the method succeeded, or it failed for good and the failure strategy settled it), false when the
     * channel stopped first (it must not be acknowledged). For a method that acknowledges its messages
     * itself ({@code MANUAL}), this waits until it did, or until the channel stops; a connector that can
     * acknowledge later calls {@link #process(InboundMessage, Runnable)} instead and goes on meanwhile.
     */
    public boolean process(final InboundMessage message) {
        final CountDownLatch acknowledged = new CountDownLatch(1);
        if (!process(message, acknowledged::countDown)) {
            return false;
        }
        try {
            while (!acknowledged.await(ACK_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                if (stopping.getCount() == 0) {
                    return false;
                }
            }
            return true;
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Processes {@code message}, telling the connector through {@code acknowledged} when it may be
     * acknowledged (Kafka: its offset committed once every earlier one of its partition may be too): for a
     * method that takes its payload, before this returns true ({@code POST_PROCESSING}) or before the method
     * is called ({@code PRE_PROCESSING}, {@code NONE}); for one that takes a {@code Message<T>} ({@code
     * MANUAL}), when it calls {@code ack()}, or when its {@code nack(failure)} went through the failure
     * strategy, maybe after this returned. False when the channel stopped first, or stops because of this
     * message (failure-strategy {@code fail}): nothing after it may be acknowledged.
     */
    public boolean process(final InboundMessage message, final Runnable acknowledged) {
        final long started = System.nanoTime();
        final Span span = tracing.process(message);
        // Without tracing the span is invalid: making it current would cost a context and a scope per
        // message for nothing, as binding the message would for a method that is not idempotent.
        try (Scope _ = span.getSpanContext().isValid() ? span.makeCurrent() : Scope.noop()) {
            final Outcome outcome = inbox
                    ? ScopedValue.where(InboxMethods.MESSAGE, message)
                            .call(() -> processIn(message, acknowledged, span))
                    : processIn(message, acknowledged, span);
            if (outcome.failure().isPresent()) { // not ifPresentOrElse: two lambdas a message
                fail(span, outcome.failure().get());
            } else {
                span.end();
            }
            return outcome.done();
        } finally {
            metrics.processing().record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
        }
    }

    /**
     * How processing a message ended.
     *
     * @param done whether the message is done (it may be acknowledged)
     * @param failure why it failed, when it failed for good
     */
    private record Outcome(boolean done, Optional<Throwable> failure) {
        static final Outcome SUCCEEDED = new Outcome(true, Optional.empty());
        static final Outcome ABANDONED = new Outcome(false, Optional.empty());

        /**
         * Failed for good, and done when {@code done} (dead-lettered or ignored); otherwise the channel
         * stopped first, or stops because of it.
         */
        static Outcome settled(final boolean done, final Throwable failure) {
            return done ? new Outcome(true, Optional.of(failure)) : ABANDONED;
        }
    }

    /** Takes the message to its end: the method succeeded, it went to dead letters, or the channel stopped first. */
    private Outcome processIn(final InboundMessage message, final Runnable acknowledged, final Span span) {
        final Acknowledgment.Strategy strategy = method.acknowledgment();
        if (strategy == Acknowledgment.Strategy.PRE_PROCESSING || strategy == Acknowledgment.Strategy.NONE) {
            acknowledged.run();
        }
        final Optional<Settlement> settlement = strategy == Acknowledgment.Strategy.MANUAL
                ? Optional.of(new Settlement(acknowledged, reason -> rejected(message, reason)))
                : Optional.empty();
        final Object argument;
        try {
            final long weight = message.weight();
            if (weight > settings.maxMessageBytes()) {
                metrics.oversize().increment();
                throw new PayloadException("the message weighs " + weight + " bytes (payload, key and headers), more"
                        + " than the " + settings.maxMessageBytes() + " of " + settings.maxMessageBytesKey());
            }
            final Object read = method.reader().read(message);
            validator.validate(method.reader().payload(read));
            argument = method.takesMessage()
                    ? new IncomingMessage<>(
                            read, Metadata.from(message.metadata()), settlement.orElseGet(Settlement::done))
                    : read;
        } catch (final PayloadException e) {
            LOG.warn(
                    "Message {} of channel '{}' cannot be processed by {}: {}; {}",
                    message.position(),
                    settings.channel(),
                    method.describe(),
                    e.getMessage(),
                    fate());
            return Outcome.settled(failedForGood(message, e, 0, acknowledged, settlement), e);
        }
        int attempt = 0;
        while (true) {
            attempt++;
            final Attempt tried = attempt(argument, span);
            if (tried.failure().isEmpty()) {
                afterForward(message, tried.sending(), attempt, acknowledged, settlement);
                settlement.ifPresent(settles -> watch(message, settles));
                return Outcome.SUCCEEDED;
            }
            final Throwable failure = tried.failure().get();
            metrics.failed().increment();
            if (failure instanceof PayloadException || attempt > settings.retries()) {
                LOG.warn(
                        "Message {} of channel '{}' failed in {} after {} attempt{}: {}; {}",
                        message.position(),
                        settings.channel(),
                        method.describe(),
                        attempt,
                        attempt == 1 ? "" : "s",
                        describe(failure),
                        fate(),
                        failure);
                return Outcome.settled(failedForGood(message, failure, attempt, acknowledged, settlement), failure);
            }
            final Duration wait = settings.backoffBefore(attempt);
            LOG.debug(
                    "Message {} of channel '{}' failed (attempt {}): {}; trying again in {} ms",
                    message.position(),
                    settings.channel(),
                    attempt,
                    describe(failure),
                    wait.toMillis());
            if (stopsWithin(wait)) {
                return Outcome.ABANDONED;
            }
            metrics.retried().increment();
        }
    }

    /**
     * One call of the method: failed, or succeeded with a processor's result on its way to the broker
     * ({@code sending}, already complete for a method without {@code @Outgoing} or without a result).
     */
    private record Attempt(Optional<Throwable> failure, CompletionStage<Void> sending) {
        static Attempt failed(final Throwable failure) {
            return new Attempt(Optional.of(failure), SENT);
        }

        static Attempt succeeded(final CompletionStage<Void> sending) {
            return new Attempt(Optional.empty(), sending);
        }
    }

    private static final CompletionStage<Void> SENT = CompletableFuture.completedFuture(null);

    /**
     * Calls the method once, waits for what it returns and, for a processor, hands its result to the
     * broker without waiting for the broker's acknowledgement: the next message is processed meanwhile
     * (sends of one source stay in order), and this one is acknowledged when the broker has its result
     * ({@link #afterForward}).
     */
    private Attempt attempt(final Object argument, final Span span) {
        try {
            if (eventLoop.isPresent()) {
                return Attempt.succeeded(forward(eventLoop.get().call(method, bean, argument, span)));
            }
            final Object result = method.handle().invoke(bean, argument);
            if (method.returns() == Returns.PLAIN) {
                return Attempt.succeeded(forward(result));
            }
            if (result == null) {
                return Attempt.failed(new IllegalStateException(method.describe() + " returned null instead of a "
                        + method.method().getReturnType().getSimpleName()));
            }
            return Attempt.succeeded(
                    forward(method.returns().stage(result).toCompletableFuture().get()));
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return Attempt.failed(e);
        } catch (final ExecutionException | CompletionException e) {
            final Throwable cause = e.getCause() == null ? e : e.getCause();
            if (eventLoop.isPresent() && fatal(cause)) {
                throw (Error) cause; // as on this thread: the method ran out of memory on the event loop, say
            }
            return Attempt.failed(cause);
        } catch (final Throwable e) {
            if (fatal(e)) {
                throw (Error) e;
            }
            return Attempt.failed(e);
        }
    }

    /** Whether {@code failure} ends more than the attempt: an error but a failed assertion or a deep stack. */
    private static boolean fatal(final Throwable failure) {
        return failure instanceof Error
                && !(failure instanceof AssertionError)
                && !(failure instanceof StackOverflowError);
    }

    /**
     * Sends a processor's {@code result} to its {@code @Outgoing} channel: the stage completes when the
     * broker has it, and fails when it refused it for good (a connector's client retries on its own first).
     * Nothing for no result (null, an empty {@code Maybe}); a {@link Message} is acknowledged once sent, and
     * rejected with the failure when not.
     */
    private CompletionStage<Void> forward(final Object result) {
        if (forward.isEmpty() || result == null) {
            return SENT;
        }
        // A ChannelEmitter relays: a failure is logged once, by afterForward, with the message's position.
        if (!(result instanceof Message<?> message)) {
            return forward.get() instanceof ChannelEmitter<?> emitter
                    ? emitter.relay(result)
                    : forward.get().send(result);
        }
        if (message.getPayload() == null) {
            return message.ack();
        }
        final CompletionStage<Void> sent = forward.get() instanceof ChannelEmitter<?> emitter
                ? emitter.relayMessage(message) // with its key and headers
                : forward.get().send(message.getPayload());
        return sent.handle((done, failure) -> Optional.ofNullable(failure)).thenCompose(failure -> {
            if (failure.isEmpty()) {
                return message.ack();
            }
            final Throwable cause = unwrapped(failure.get());
            message.nack(cause);
            return CompletableFuture.failedFuture(cause);
        });
    }

    /**
     * Counts a message whose method succeeded as processed, and acknowledges it ({@code POST_PROCESSING}),
     * once the broker has its result; when the broker refused the result for good (the client retried
     * what can succeed on its own, so the method is not called again), takes the message through the
     * failure strategy as a failed method's, on a virtual thread, since dead-lettering blocks. The
     * connector's own bound on messages in flight holds the pipeline: a message stays in flight until it
     * is acknowledged.
     */
    private void afterForward(
            final InboundMessage message,
            final CompletionStage<Void> sending,
            final int attempts,
            final Runnable acknowledged,
            final Optional<Settlement> settlement) {
        final boolean post = method.acknowledgment() == Acknowledgment.Strategy.POST_PROCESSING;
        if (sending == SENT) {
            metrics.processed().increment();
            if (post) {
                acknowledged.run();
            }
            return;
        }
        sending.whenComplete((done, failure) -> {
            if (failure == null) {
                metrics.processed().increment();
                if (post) {
                    acknowledged.run();
                }
                return;
            }
            final Throwable cause = unwrapped(failure);
            if (stopping.getCount() == 0) {
                // The channel stops (its sends fail as the client closes): not acknowledged, the message
                // comes again after the restart instead of going to the dead letters.
                LOG.debug(
                        "The result of message {} of channel '{}' was not sent before the channel stopped: {}",
                        message.position(),
                        settings.channel(),
                        describe(cause));
                return;
            }
            metrics.failed().increment();
            Thread.ofVirtual().name("messaging-forward-failed").start(() -> {
                LOG.warn(
                        "The result of message {} of channel '{}' ({}) was not taken by the broker: {}; {}",
                        message.position(),
                        settings.channel(),
                        method.describe(),
                        describe(cause),
                        fate(),
                        cause);
                failedForGood(message, cause, attempts, acknowledged, settlement);
            });
        });
    }

    private static Throwable unwrapped(final Throwable failure) {
        return (failure instanceof CompletionException || failure instanceof ExecutionException)
                        && failure.getCause() != null
                ? failure.getCause()
                : failure;
    }

    /**
     * Takes a message that failed for good to its end as its acknowledgement says: the failure strategy,
     * then acknowledged when it is done ({@code POST_PROCESSING}); the failure strategy alone, the message
     * acknowledged before ({@code PRE_PROCESSING}); logged and counted as ignored, nothing more ({@code
     * NONE}); unless the method settled it itself, the failure strategy as for a nack ({@code MANUAL}).
     * True when it is done.
     */
    private boolean failedForGood(
            final InboundMessage message,
            final Throwable failure,
            final int attempts,
            final Runnable acknowledged,
            final Optional<Settlement> settlement) {
        return switch (method.acknowledgment()) {
            case NONE -> {
                metrics.ignored().increment();
                yield true;
            }
            case PRE_PROCESSING -> settle(message, failure, attempts);
            case MANUAL ->
                settlement.orElseThrow().settled()
                        || settlement.orElseThrow().settleFailed(settle(message, failure, attempts));
            case POST_PROCESSING -> {
                final boolean done = settle(message, failure, attempts);
                if (done) {
                    acknowledged.run();
                }
                yield done;
            }
        };
    }

    /**
     * Settles a message its method rejected ({@code nack(reason)}) as the channel's failure strategy says;
     * true when it is done. Runs on a virtual thread of its own, while the method may go on.
     */
    private boolean rejected(final InboundMessage message, final Throwable reason) {
        final Throwable failure = reason == null ? new IllegalStateException("rejected without a reason") : reason;
        LOG.warn(
                "Message {} of channel '{}' was rejected by {} (nack): {}; {}",
                message.position(),
                settings.channel(),
                method.describe(),
                describe(failure),
                fate());
        return settle(message, failure, 1);
    }

    /**
     * Logs a WARN and counts a message its method has neither acknowledged nor rejected the channel's
     * {@link ChannelPolicy#unacknowledgedWarning()} after it returned: it holds its partition's commits (Kafka) and a place in
     * flight until it is. Not once the channel has stopped.
     */
    private void watch(final InboundMessage message, final Settlement settlement) {
        if (settlement.settled()) {
            return;
        }
        settlement.watch(Watch.SCHEDULER.schedule(
                () -> {
                    // A channel that stopped gave its unsettled messages back (they come again after the
                    // restart): nothing waits on this one any more, and a stopped service says nothing.
                    if (!settlement.settled() && stopping.getCount() > 0) {
                        metrics.unacknowledged().increment();
                        LOG.warn(
                                "Message {} of channel '{}' is neither acknowledged nor rejected {} s after {}"
                                        + " returned; nothing after it in its partition is committed until it is:"
                                        + " call message.ack() when done, message.nack(failure) when it failed",
                                message.position(),
                                settings.channel(),
                                settings.unacknowledgedWarning().toMillis() / 1000.0,
                                method.describe());
                    }
                },
                settings.unacknowledgedWarning().toMillis(),
                TimeUnit.MILLISECONDS));
    }

    /** The one thread that checks on messages waiting for their method's ack, made when first needed. */
    private static final class Watch {
        static final java.util.concurrent.ScheduledThreadPoolExecutor SCHEDULER = scheduler();

        private static java.util.concurrent.ScheduledThreadPoolExecutor scheduler() {
            final java.util.concurrent.ScheduledThreadPoolExecutor scheduler =
                    new java.util.concurrent.ScheduledThreadPoolExecutor(1, runnable -> Thread.ofPlatform()
                            .name("messaging-unacknowledged-watch")
                            .daemon(true)
                            .unstarted(runnable));
            scheduler.setRemoveOnCancelPolicy(true); // an acked message's check goes at once, not after the bound
            return scheduler;
        }
    }

    /** What becomes of a message that failed for good, for the log. */
    private String fate() {
        if (method.acknowledgment() == Acknowledgment.Strategy.NONE) {
            return "ignoring it (@Acknowledgment(NONE): it was acknowledged before the method ran)";
        }
        return switch (settings.failureStrategy()) {
            case DEAD_LETTER_QUEUE -> "sending it to " + deadLetters.destination();
            case IGNORE -> "ignoring it (failure-strategy=ignore): it is acknowledged as it is";
            case FAIL -> "stopping the channel (failure-strategy=fail): it is not acknowledged";
        };
    }

    /**
     * Takes a message that failed for good to its end as the channel's failure strategy says: to the
     * dead letters, done as it is, or not done with the channel stopping. True when it is done.
     */
    private boolean settle(final InboundMessage message, final Throwable failure, final int attempts) {
        return switch (settings.failureStrategy()) {
            case DEAD_LETTER_QUEUE -> deadLetter(message, failure, attempts);
            case IGNORE -> {
                metrics.ignored().increment();
                yield true;
            }
            case FAIL -> {
                failedChannels.fail(
                        settings.channel(), "message " + message.position() + " failed: " + describe(failure));
                LOG.error(
                        "Channel '{}' stops consuming at message {} (failure-strategy=fail); its health check"
                                + " is DOWN until the application restarts; the message is not acknowledged (a"
                                + " broker delivers it again, an in-process channel fails its send)",
                        settings.channel(),
                        message.position());
                stopping.countDown(); // the connector stops the channel: what is done is acknowledged
                yield false;
            }
        };
    }

    /**
     * Sends the message to the dead letters, trying again every second while the broker does not
     * take it for now (it is away). A copy the broker refuses for good (too large with the added
     * headers, not authorized, no such destination) is sent cut down to its position and failure; when
     * even that is refused for good, the message is skipped with an ERROR naming it and counted, so that
     * one message never holds its channel. False when the channel stopped first.
     */
    private boolean deadLetter(final InboundMessage message, final Throwable failure, final int attempts) {
        while (true) {
            Throwable refused;
            try {
                deadLetters.send(message, failure, attempts);
                metrics.deadLettered().increment();
                return true;
            } catch (final ExecutionException | RuntimeException e) {
                refused = cause(e);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            if (deadLetters.refusedForGood(refused)) {
                try {
                    deadLetters.sendCutDown(message, failure, attempts, refused);
                    metrics.deadLettered().increment();
                    metrics.cutDown().increment();
                    LOG.warn(
                            "Message {} of channel '{}' was refused by the dead letters {} ({}); sent it"
                                    + " there cut down to its position and failure",
                            message.position(),
                            settings.channel(),
                            deadLetters.destination(),
                            describe(refused));
                    return true;
                } catch (final ExecutionException | RuntimeException e) {
                    final Throwable cutRefused = cause(e);
                    if (deadLetters.refusedForGood(cutRefused)) {
                        metrics.skipped().increment();
                        LOG.error(
                                "Message {} of channel '{}' is skipped: it failed ({}) and the dead letters"
                                        + " {} refused it ({}) and its cut-down copy ({}); it is lost to"
                                        + " this consumer, read it from its source at that position",
                                message.position(),
                                settings.channel(),
                                describe(failure),
                                deadLetters.destination(),
                                describe(refused),
                                describe(cutRefused));
                        return true;
                    }
                    refused = cutRefused;
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            LOG.error(
                    "Message {} of channel '{}' could not be sent to the dead letters {}: {};" + " trying again",
                    message.position(),
                    settings.channel(),
                    deadLetters.destination(),
                    describe(refused));
            if (stopsWithin(DEAD_LETTER_RETRY)) {
                return false;
            }
        }
    }

    /** Ends {@code span} as failed by {@code failure}. */
    private static void fail(final Span span, final Throwable failure) {
        span.setStatus(
                io.opentelemetry.api.trace.StatusCode.ERROR, failure.getClass().getSimpleName());
        span.recordException(failure);
        span.end();
    }

    private static Throwable cause(final Exception e) {
        return e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
    }

    /** Waits {@code wait}; true when the channel began to stop meanwhile. */
    private boolean stopsWithin(final Duration wait) {
        try {
            return stopping.await(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    private static String describe(final Throwable failure) {
        return failure.getClass().getSimpleName() + (failure.getMessage() == null ? "" : ": " + failure.getMessage());
    }
}
