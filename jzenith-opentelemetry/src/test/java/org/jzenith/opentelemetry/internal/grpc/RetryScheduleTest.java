package org.jzenith.opentelemetry.internal.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.sdk.common.export.GrpcStatusCode;
import io.opentelemetry.sdk.common.export.RetryPolicy;
import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class RetryScheduleTest {

    private static final long PLENTY = Duration.ofMinutes(1).toNanos();

    private final RetrySchedule schedule = RetrySchedule.of(Optional.of(RetryPolicy.builder()
            .setMaxAttempts(4)
            .setInitialBackoff(Duration.ofMillis(100))
            .setMaxBackoff(Duration.ofMillis(200))
            .setBackoffMultiplier(2)
            .build()));

    @Test
    void pausesGrowByTheMultiplierUpToTheMaximumWithinTwentyPercentJitter() {
        assertThat(schedule.pauseBefore(2, PLENTY)).hasValueSatisfying(pause -> assertThat(pause)
                .isBetween(Duration.ofMillis(80), Duration.ofMillis(120)));
        assertThat(schedule.pauseBefore(3, PLENTY)).hasValueSatisfying(pause -> assertThat(pause)
                .isBetween(Duration.ofMillis(160), Duration.ofMillis(240)));
        assertThat(schedule.pauseBefore(4, PLENTY)).hasValueSatisfying(pause -> assertThat(pause)
                .isBetween(Duration.ofMillis(160), Duration.ofMillis(240)));
    }

    @Test
    void noAttemptBeyondTheMaximum() {
        assertThat(schedule.pauseBefore(5, PLENTY)).isEmpty();
    }

    @Test
    void noPauseThatWouldEndAfterTheDeadline() {
        assertThat(schedule.pauseBefore(2, Duration.ofMillis(50).toNanos())).isEmpty();
    }

    @Test
    void withoutAPolicyThereIsOneAttempt() {
        assertThat(RetrySchedule.of(Optional.empty()).pauseBefore(2, PLENTY)).isEmpty();
    }

    @Test
    void transientStatusesAndConnectionFailuresAreRetryableOthersNot() {
        assertThat(schedule.retryable(GrpcStatusCode.UNAVAILABLE)).isTrue();
        assertThat(schedule.retryable(GrpcStatusCode.RESOURCE_EXHAUSTED)).isTrue();
        assertThat(schedule.retryable(GrpcStatusCode.PERMISSION_DENIED)).isFalse();
        assertThat(schedule.retryable(GrpcStatusCode.INVALID_ARGUMENT)).isFalse();
        assertThat(schedule.retryable(new ConnectException("refused"))).isTrue();
        assertThat(schedule.retryable(new IOException("reset after sending"))).isFalse();
        assertThat(schedule.retryable(new TimeoutException("deadline"))).isFalse();
    }

    @Test
    void thePolicysExceptionPredicateDecidesWhenGiven() {
        final RetrySchedule everyIoFailure = RetrySchedule.of(Optional.of(
                RetryPolicy.builder().setRetryExceptionPredicate(e -> true).build()));

        assertThat(everyIoFailure.retryable(new IOException("reset after sending")))
                .isTrue();
    }
}
