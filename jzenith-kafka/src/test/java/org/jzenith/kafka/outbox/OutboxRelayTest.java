package org.jzenith.kafka.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.jzenith.core.outbox.OutboxConfiguration;
import org.jzenith.core.spi.outbox.OutboxRecord;
import org.jzenith.core.spi.outbox.OutboxStore;
import org.jzenith.test.Await;

class OutboxRelayTest {

    @Test
    void aLeaderUnderLoadRenewsItsLeaseOncePerSixthOfItNotOncePerBatch() throws InterruptedException {
        final EndlessStore store = new EndlessStore();
        final OutboxRelay relay = OutboxRelay.start(
                store,
                settings(Duration.ofSeconds(30)),
                record -> CompletableFuture.completedFuture(null),
                new SimpleMeterRegistry());
        try {
            Await.until(Duration.ofSeconds(30), "2,000 batches marked", () -> store.marked.get() >= 2_000);
        } finally {
            relay.stop(Duration.ofSeconds(5));
        }
        // 2,000 batches of one event, well within the lease's first sixth (5 s): the lease taken once.
        assertThat(store.batches.get()).isGreaterThanOrEqualTo(2_000);
        assertThat(store.leases.get()).isEqualTo(1);
    }

    @Test
    void aLeaderRenewsItsLeaseOnceASixthOfItHasPassed() throws InterruptedException {
        final EndlessStore store = new EndlessStore();
        final OutboxRelay relay = OutboxRelay.start(
                store,
                settings(Duration.ofSeconds(1)),
                record -> CompletableFuture.completedFuture(null),
                new SimpleMeterRegistry());
        try {
            Thread.sleep(1_200);
        } finally {
            relay.stop(Duration.ofSeconds(5));
        }
        // Taken at once, then renewed about every 167 ms: never more often than that.
        assertThat(store.leases.get()).isBetween(2, 9);
    }

    @Test
    void aStandbyAsksForTheLeaseEachPollAndSendsNothing() throws InterruptedException {
        final EndlessStore store = new EndlessStore();
        store.held.set(true);
        final OutboxRelay relay = OutboxRelay.start(
                store,
                settings(Duration.ofSeconds(3)),
                record -> CompletableFuture.completedFuture(null),
                new SimpleMeterRegistry());
        try {
            Thread.sleep(300);
        } finally {
            relay.stop(Duration.ofSeconds(5));
        }
        assertThat(store.leases.get()).isGreaterThanOrEqualTo(5);
        assertThat(store.batches.get()).isZero();
    }

    private static OutboxConfiguration settings(final Duration lease) {
        return new OutboxConfiguration() {
            @Override
            public long maxPending() {
                return 100_000;
            }

            @Override
            public Duration pollInterval() {
                return Duration.ofMillis(20);
            }

            @Override
            public int batchSize() {
                return 1;
            }

            @Override
            public Duration lease() {
                return lease;
            }

            @Override
            public Duration retention() {
                return Duration.ofHours(1);
            }
        };
    }

    /** Always one more event pending: a relay under a steady write load. */
    private static final class EndlessStore implements OutboxStore {
        final AtomicInteger leases = new AtomicInteger();
        final AtomicInteger batches = new AtomicInteger();
        final AtomicInteger marked = new AtomicInteger();
        final AtomicLong ids = new AtomicLong();
        final AtomicBoolean held = new AtomicBoolean();

        @Override
        public boolean lease(final String owner, final Duration duration) {
            leases.incrementAndGet();
            return !held.get();
        }

        @Override
        public void release(final String owner) {}

        @Override
        public List<OutboxRecord> pending(final int limit) {
            batches.incrementAndGet();
            final List<OutboxRecord> batch = new ArrayList<>(limit);
            for (int i = 0; i < limit; i++) {
                final long id = ids.incrementAndGet();
                batch.add(new OutboxRecord(
                        id,
                        "event-" + id,
                        "users.events",
                        Optional.of("key"),
                        "{}".getBytes(StandardCharsets.UTF_8),
                        Instant.now()));
            }
            return batch;
        }

        @Override
        public void markSent(final List<Long> ids) {
            marked.addAndGet(ids.size());
        }

        @Override
        public int purge(final Instant sentBefore) {
            return 0;
        }

        @Override
        public Backlog backlog() {
            return new Backlog(1, Optional.of(Instant.now()));
        }

        @Override
        public void onCommit(final Runnable wake) {}
    }
}
