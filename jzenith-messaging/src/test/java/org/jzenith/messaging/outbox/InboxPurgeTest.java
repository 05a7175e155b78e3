package org.jzenith.messaging.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How often the inbox is purged: a tenth of the retention, never more often than every second nor less than hourly. */
class InboxPurgeTest {

    @Test
    void thePeriodIsATenthOfTheRetentionWithinASecondAndAnHour() {
        assertThat(InboxPurge.period(Duration.ofDays(14))).isEqualTo(Duration.ofHours(1));
        assertThat(InboxPurge.period(Duration.ofMinutes(20))).isEqualTo(Duration.ofMinutes(2));
        assertThat(InboxPurge.period(Duration.ofSeconds(3))).isEqualTo(Duration.ofSeconds(1));
    }
}
