package org.jzenith.opentelemetry.internal.grpc;

import io.opentelemetry.sdk.common.export.GrpcStatusCode;
import io.opentelemetry.sdk.common.export.RetryPolicy;
import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;

/**
 * When a failed call is tried again, after the SDK's {@link RetryPolicy}: on the gRPC statuses
 * that the OTLP specification calls retryable, and on connection failures (or what the policy's
 * exception predicate accepts), with exponential backoff and jitter, never past the deadline.
 * Immutable, thread-safe.
 */
record RetrySchedule(
        int maxAttempts,
        Duration initialBackoff,
        Duration maxBackoff,
        double multiplier,
        Predicate<IOException> retryableException) {

    /** The statuses the OTLP specification lists as retryable (and OkHttp's sender retries). */
    private static final Set<GrpcStatusCode> RETRYABLE = EnumSet.of(
            GrpcStatusCode.CANCELLED,
            GrpcStatusCode.DEADLINE_EXCEEDED,
            GrpcStatusCode.RESOURCE_EXHAUSTED,
            GrpcStatusCode.ABORTED,
            GrpcStatusCode.OUT_OF_RANGE,
            GrpcStatusCode.UNAVAILABLE,
            GrpcStatusCode.DATA_LOSS);

    /** A single attempt: what the SDK asks for when retries are disabled (no policy). */
    static final RetrySchedule NONE =
            new RetrySchedule(1, Duration.ZERO, Duration.ZERO, 1, RetrySchedule::connectionFailed);

    static RetrySchedule of(final Optional<RetryPolicy> policy) {
        return policy.map(p -> new RetrySchedule(
                        p.getMaxAttempts(),
                        p.getInitialBackoff(),
                        p.getMaxBackoff(),
                        p.getBackoffMultiplier(),
                        Optional.ofNullable(p.getRetryExceptionPredicate()).orElse(RetrySchedule::connectionFailed)))
                .orElse(NONE);
    }

    // Nothing reached the server, so sending again cannot duplicate spans.
    private static boolean connectionFailed(final IOException e) {
        return e instanceof ConnectException;
    }

    boolean retryable(final GrpcStatusCode status) {
        return RETRYABLE.contains(status);
    }

    boolean retryable(final Throwable failure) {
        return failure instanceof IOException io && retryableException.test(io);
    }

    /**
     * The pause before attempt {@code next} (2 for the first retry), or empty when no attempt is
     * left or the pause would end after {@code nanosLeft}.
     */
    Optional<Duration> pauseBefore(final int next, final long nanosLeft) {
        if (next > maxAttempts) {
            return Optional.empty();
        }
        final double backoff =
                Math.min(initialBackoff.toNanos() * Math.pow(multiplier, next - 2), (double) maxBackoff.toNanos());
        // Jitter of ±20% keeps many exporters that failed together from retrying together.
        final long pause = (long) (backoff * ThreadLocalRandom.current().nextDouble(0.8, 1.2));
        return pause < nanosLeft ? Optional.of(Duration.ofNanos(pause)) : Optional.empty();
    }
}
