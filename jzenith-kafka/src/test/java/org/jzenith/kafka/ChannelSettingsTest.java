package org.jzenith.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.jzenith.messaging.spi.CommitStrategy;
import org.jzenith.messaging.spi.FailureStrategy;

class ChannelSettingsTest {

    private static ChannelSettings settings(final Duration backoff, final Duration maxBackoff) {
        return new ChannelSettings(
                "orders",
                "orders",
                "orders.dlt",
                5,
                backoff,
                maxBackoff,
                10,
                1 << 20,
                1,
                1 << 20,
                FailureStrategy.DEAD_LETTER_QUEUE,
                Duration.ofSeconds(60),
                CommitStrategy.THROTTLED);
    }

    @Test
    void theBackoffDoublesWithEachRetryUpToItsCap() {
        final ChannelSettings settings = settings(Duration.ofMillis(100), Duration.ofMillis(500));

        assertThat(settings.backoffBefore(1)).isEqualTo(Duration.ofMillis(100));
        assertThat(settings.backoffBefore(2)).isEqualTo(Duration.ofMillis(200));
        assertThat(settings.backoffBefore(3)).isEqualTo(Duration.ofMillis(400));
        assertThat(settings.backoffBefore(4)).isEqualTo(Duration.ofMillis(500));
        assertThat(settings.backoffBefore(1000)).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void aCapBelowTheBackoffKeepsTheBackoff() {
        assertThat(settings(Duration.ofMillis(300), Duration.ofMillis(100)).backoffBefore(3))
                .isEqualTo(Duration.ofMillis(300));
    }
}
