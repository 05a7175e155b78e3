package org.jzenith.kafka;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jzenith.messaging.spi.Returns;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes one record of a channel to its end: reads and validates it, calls the method and waits for
 * what it returns (and, for a processor, for the broker to acknowledge its result sent to the
 * {@code @Outgoing} channel), tries again with backoff, and sends it to the dead-letter topic when every attempt
 * failed or it cannot be read at all. Runs on a partition's virtual thread, where blocking is fine.
 * Logs name the topic, partition and offset, never the payload. Thread-safe.
 */
final class RecordProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(RecordProcessor.class);
    private static final Duration DEAD_LETTER_RETRY = Duration.ofSeconds(1);

    private final ChannelSettings settings;
    private final IncomingMethod method;
    private final Object bean;
    private final PayloadValidator validator;
    private final DeadLetters deadLetters;
    private final KafkaMetrics.Channel metrics;
    private final CountDownLatch stopping;
    private final KafkaTracing tracing;
    private final String group;
    private final Optional<Emitter<Object>> forward;
    private final FailedChannels failedChannels;

    RecordProcessor(
            final ChannelSettings settings,
            final IncomingMethod method,
            final Object bean,
            final PayloadValidator validator,
            final DeadLetters deadLetters,
            final KafkaMetrics.Channel metrics,
            final CountDownLatch stopping,
            final KafkaTracing tracing,
            final String group,
            final Optional<Emitter<Object>> forward,
            final FailedChannels failedChannels) {
        this.forward = forward;
        this.failedChannels = failedChannels;
        this.tracing = tracing;
        this.group = group;
        this.settings = settings;
        this.method = method;
        this.bean = bean;
        this.validator = validator;
        this.deadLetters = deadLetters;
        this.metrics = metrics;
        this.stopping = stopping;
    }

    /**
     * Processes {@code record}; true when it is done (the method succeeded, or it went to the
     * dead-letter topic), false when the channel stopped first (its offset must not be committed).
     */
    boolean process(final ConsumerRecord<byte[], byte[]> record) {
        final long started = System.nanoTime();
        final Span span = tracing.process(record, group);
        try (Scope _ = span.makeCurrent()) {
            final Outcome outcome =
                    ScopedValue.where(InboxMethods.RECORD, record).call(() -> processIn(record));
            outcome.failure().ifPresentOrElse(cause -> KafkaTracing.fail(span, cause), span::end);
            return outcome.done();
        } finally {
            metrics.processing().record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
        }
    }

    /**
     * How processing a record ended.
     *
     * @param done whether the record is done (its offset may be committed)
     * @param failure why it failed, when it went to the dead-letter topic
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

    /** Takes the record to its end: the method succeeded, it went to dead letters, or the channel stopped first. */
    private Outcome processIn(final ConsumerRecord<byte[], byte[]> record) {
        final Object argument;
        try {
            final long weight = InFlight.weight(record);
            if (weight > settings.maxRecordBytes()) {
                metrics.oversize().increment();
                throw new PayloadException("the record weighs " + weight + " bytes (key, value and headers), more"
                        + " than the " + settings.maxRecordBytes() + " of kafka.max-record-bytes");
            }
            argument = method.reader().read(record);
            validator.validate(method.reader().payload(argument));
        } catch (final PayloadException e) {
            LOG.warn(
                    "Record {}-{}@{} of channel '{}' cannot be processed by {}: {}; {}",
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    settings.channel(),
                    method.describe(),
                    e.getMessage(),
                    fate());
            return Outcome.settled(settle(record, e, 0), e);
        }
        int attempt = 0;
        while (true) {
            attempt++;
            final Throwable failure = attempt(argument);
            if (failure == null) {
                metrics.processed().increment();
                return Outcome.SUCCEEDED;
            }
            metrics.failed().increment();
            if (failure instanceof PayloadException || attempt > settings.retries()) {
                LOG.warn(
                        "Record {}-{}@{} of channel '{}' failed in {} after {} attempt{}: {}; {}",
                        record.topic(),
                        record.partition(),
                        record.offset(),
                        settings.channel(),
                        method.describe(),
                        attempt,
                        attempt == 1 ? "" : "s",
                        describe(failure),
                        fate(),
                        failure);
                return Outcome.settled(settle(record, failure, attempt), failure);
            }
            final Duration wait = settings.backoffBefore(attempt);
            LOG.debug(
                    "Record {}-{}@{} of channel '{}' failed (attempt {}): {}; trying again in {} ms",
                    record.topic(),
                    record.partition(),
                    record.offset(),
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
     * Calls the method once, waits for what it returns and, for a processor, sends its result and waits
     * for the broker's acknowledgement; the failure, or null when all of it succeeded.
     */
    private Throwable attempt(final Object argument) {
        try {
            final Object result = method.handle().invoke(bean, argument);
            if (method.returns() == Returns.PLAIN) {
                forward(result);
                return null;
            }
            if (result == null) {
                return new IllegalStateException(method.describe() + " returned null instead of a "
                        + method.method().getReturnType().getSimpleName());
            }
            forward(method.returns().stage(result).toCompletableFuture().get());
            return null;
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return e;
        } catch (final ExecutionException | CompletionException e) {
            return e.getCause() == null ? e : e.getCause();
        } catch (final Throwable e) {
            if (e instanceof Error && !(e instanceof AssertionError) && !(e instanceof StackOverflowError)) {
                throw (Error) e;
            }
            return e;
        }
    }

    /**
     * Sends a processor's {@code result} to its {@code @Outgoing} channel and waits until the broker has
     * it: the incoming record is done only then. Nothing for no result (null, an empty {@code Maybe});
     * a {@link Message} is acknowledged once sent, and rejected with the failure when not.
     *
     * @throws ExecutionException when the broker did not take it
     */
    private void forward(final Object result) throws ExecutionException, InterruptedException {
        if (forward.isEmpty() || result == null) {
            return;
        }
        if (result instanceof Message<?> message) {
            if (message.getPayload() == null) {
                message.ack();
                return;
            }
            try {
                forward.get().send(message.getPayload()).toCompletableFuture().get();
            } catch (final ExecutionException | RuntimeException e) {
                message.nack(e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e);
                throw e;
            }
            message.ack().toCompletableFuture().get();
            return;
        }
        forward.get().send(result).toCompletableFuture().get();
    }

    /** What becomes of a record that failed for good, for the log. */
    private String fate() {
        return switch (settings.failureStrategy()) {
            case DEAD_LETTER_QUEUE -> "sending it to " + settings.deadLetterTopic();
            case IGNORE -> "ignoring it (failure-strategy=ignore): it is committed as it is";
            case FAIL -> "stopping the channel (failure-strategy=fail): it is not committed";
        };
    }

    /**
     * Takes a record that failed for good to its end as the channel's failure strategy says: to the
     * dead letters, done as it is, or not done with the channel stopping. True when it is done.
     */
    private boolean settle(final ConsumerRecord<byte[], byte[]> record, final Throwable failure, final int attempts) {
        return switch (settings.failureStrategy()) {
            case DEAD_LETTER_QUEUE -> deadLetter(record, failure, attempts);
            case IGNORE -> {
                metrics.ignored().increment();
                yield true;
            }
            case FAIL -> {
                failedChannels.fail(
                        settings.channel(),
                        "record " + record.topic() + "-" + record.partition() + "@" + record.offset() + " failed: "
                                + describe(failure));
                LOG.error(
                        "Channel '{}' stops consuming at record {}-{}@{} (failure-strategy=fail); its health check"
                                + " is DOWN until the application restarts, which delivers the record again",
                        settings.channel(),
                        record.topic(),
                        record.partition(),
                        record.offset());
                stopping.countDown(); // the poll loop ends: what is done is committed, the group is left
                yield false;
            }
        };
    }

    /**
     * Sends the record to the dead-letter topic, trying again every second while the broker does not
     * take it for now (it is away). A copy the broker refuses for good (too large with the added
     * headers, not authorized, no such topic) is sent cut down to its coordinates and failure; when
     * even that is refused for good, the record is skipped with an ERROR naming it and counted, so that
     * one record never holds its partition. False when the channel stopped first.
     */
    private boolean deadLetter(
            final ConsumerRecord<byte[], byte[]> record, final Throwable failure, final int attempts) {
        while (true) {
            Throwable refused;
            try {
                deadLetters.send(settings.deadLetterTopic(), record, failure, attempts);
                metrics.deadLettered().increment();
                return true;
            } catch (final ExecutionException | RuntimeException e) {
                refused = cause(e);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            if (deadLetters.refusedForGood(settings.deadLetterTopic(), refused)) {
                try {
                    deadLetters.sendCutDown(settings.deadLetterTopic(), record, failure, attempts, refused);
                    metrics.deadLettered().increment();
                    metrics.cutDown().increment();
                    LOG.warn(
                            "Record {}-{}@{} of channel '{}' was refused by the dead-letter topic {} ({}); sent it"
                                    + " there cut down to its position and failure",
                            record.topic(),
                            record.partition(),
                            record.offset(),
                            settings.channel(),
                            settings.deadLetterTopic(),
                            describe(refused));
                    return true;
                } catch (final ExecutionException | RuntimeException e) {
                    final Throwable cutRefused = cause(e);
                    if (deadLetters.refusedForGood(settings.deadLetterTopic(), cutRefused)) {
                        metrics.skipped().increment();
                        LOG.error(
                                "Record {}-{}@{} of channel '{}' is skipped: it failed ({}) and the dead-letter"
                                        + " topic {} refused it ({}) and its cut-down copy ({}); it is lost to"
                                        + " this consumer group, read it from the topic at that offset",
                                record.topic(),
                                record.partition(),
                                record.offset(),
                                settings.channel(),
                                describe(failure),
                                settings.deadLetterTopic(),
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
                    "Record {}-{}@{} of channel '{}' could not be sent to the dead-letter topic {}: {};"
                            + " trying again",
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    settings.channel(),
                    settings.deadLetterTopic(),
                    describe(refused));
            if (stopsWithin(DEAD_LETTER_RETRY)) {
                return false;
            }
        }
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
