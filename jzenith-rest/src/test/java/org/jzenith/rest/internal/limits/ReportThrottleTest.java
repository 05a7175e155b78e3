package org.jzenith.rest.internal.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/** The first event is reported at once, the rest at most once per interval, and every one is counted. */
class ReportThrottleTest {

    private static final Duration MINUTE = Duration.ofMinutes(1);

    private final AtomicLong now = new AtomicLong(-5_000);
    private final ReportThrottle throttle = ReportThrottle.every(MINUTE, now::get);

    @Test
    void theFirstEventIsReportedAtOnceAndTheNextOnesOnceTheIntervalHasPassed() {
        assertThat(throttle.event()).isEqualTo(1);
        for (int i = 0; i < 999; i++) {
            assertThat(throttle.event()).isZero();
        }
        now.addAndGet(MINUTE.toNanos() - 1);
        assertThat(throttle.event()).as("less than an interval later").isZero();
        now.incrementAndGet();
        assertThat(throttle.event())
                .as("the 999, the one less than an interval later, and this one")
                .isEqualTo(1_001);
        assertThat(throttle.event()).isZero();
    }

    @Test
    void whatIsPendingIsToldOnceTheIntervalHasPassed() {
        assertThat(throttle.pending()).as("nothing happened").isZero();
        assertThat(throttle.event()).isEqualTo(1);
        throttle.event();
        throttle.event();
        assertThat(throttle.pending()).isZero();
        now.addAndGet(MINUTE.toNanos());
        assertThat(throttle.pending()).isEqualTo(2);
        now.addAndGet(MINUTE.toNanos());
        assertThat(throttle.pending()).as("told already").isZero();
        assertThat(throttle.event()).as("a quiet interval later, at once").isEqualTo(1);
    }

    @Test
    void concurrentEventsAreEachReportedExactlyOnce() throws InterruptedException {
        // A clock a nanosecond further at every reading: the interval has always passed by the next one.
        final java.util.concurrent.atomic.AtomicLong clock = new java.util.concurrent.atomic.AtomicLong();
        final ReportThrottle shared = ReportThrottle.every(Duration.ofNanos(1), clock::incrementAndGet);
        final LongAdder reported = new LongAdder();
        final List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            threads.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 100_000; i++) {
                    reported.add(shared.event());
                }
            }));
        }
        for (final Thread thread : threads) {
            thread.join();
        }
        reported.add(shared.pending());
        assertThat(reported.sum()).isEqualTo(800_000);
    }

    @Test
    void anIntervalIsLongerThanNothing() {
        assertThatThrownBy(() -> ReportThrottle.every(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
    }
}
