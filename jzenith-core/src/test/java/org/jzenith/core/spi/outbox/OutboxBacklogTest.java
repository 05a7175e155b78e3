package org.jzenith.core.spi.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.jzenith.core.outbox.OutboxFullException;

class OutboxBacklogTest {

    private static final Instant NOW = Instant.parse("2026-11-26T10:00:00Z");
    private final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);

    @Test
    void theFirstPublishCountsAndOnlyOneCallerClaimsTheCount() {
        final OutboxBacklog backlog = new OutboxBacklog(10, clock);
        assertThat(backlog.claimCount()).as("never counted").isTrue();
        assertThat(backlog.claimCount()).as("claimed a moment ago").isFalse();
        backlog.counted(new OutboxStore.Backlog(3, Optional.empty(), 0));
        assertThat(backlog.claimCount()).as("counted just now").isFalse();
    }

    @Test
    void publishesSinceTheCountAddUpToTheBound() {
        final OutboxBacklog backlog = new OutboxBacklog(3, clock);
        backlog.counted(new OutboxStore.Backlog(2, Optional.empty(), 0));
        backlog.refuseWhenFull();
        backlog.published();
        assertThat(backlog.pending()).isEqualTo(3);
        assertThatThrownBy(backlog::refuseWhenFull)
                .isInstanceOf(OutboxFullException.class)
                .hasMessageContaining("3 unsent events")
                .hasMessageContaining("outbox.max-pending=3");
        backlog.counted(new OutboxStore.Backlog(0, Optional.empty(), 0));
        backlog.refuseWhenFull(); // the relay sent them: the next count lets publishes through again
    }

    @Test
    void theMetersShowTheLastCount() {
        final SimpleMeterRegistry registry = new SimpleMeterRegistry();
        final OutboxBacklog backlog = new OutboxBacklog(10, clock).withMeters(registry);
        assertThat(registry.get("outbox_oldest_pending_seconds").gauge().value())
                .isZero();
        backlog.counted(new OutboxStore.Backlog(4, Optional.of(NOW.minusMillis(2500)), 2));
        assertThat(registry.get("outbox_pending").gauge().value()).isEqualTo(4.0);
        assertThat(registry.get("outbox_set_aside").gauge().value()).isEqualTo(2.0);
        assertThat(registry.get("outbox_oldest_pending_seconds").gauge().value())
                .isEqualTo(2.5);
    }
}
