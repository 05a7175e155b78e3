package org.jzenith.messaging.outbox;

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

/**
 * How often the relay asks for its lease, under load, idle and as a standby. No test sleeps for a
 * fixed time and then counts: each awaits the calls it is about, and bounds their number by what the
 * time that passed allows, measured around them ({@link #atMost}), so a slow machine gets a looser
 * bound, never a failure.
 */
class OutboxRelayTest {

    private static final Duration POLL = Duration.ofMillis(20);

    @Test
    void anEventTheBrokerRefusesForGoodIsSetAsideAndTheEventsBehindItAreSent() {
        final EndlessStore store = new EndlessStore();
        final SimpleMeterRegistry registry = new SimpleMeterRegistry();
        final OutboxRelay relay = OutboxRelay.start(
                store,
                settings(Duration.ofSeconds(30)),
                record -> record.id() % 10 == 0
                        ? CompletableFuture.failedFuture(
                                new OutboxRelay.Refused(new IllegalArgumentException("too large")))
                        : CompletableFuture.completedFuture(null),
                registry);
        try {
            Await.until(Duration.ofSeconds(60), "100 events marked", () -> store.marked.get() >= 100);
        } finally {
            relay.stop(Duration.ofSeconds(5));
        }
        assertThat(store.setAside).containsKey(10L);
        assertThat(store.setAside.get(10L)).contains("too large");
        assertThat(store.markedIds).doesNotContain(10L).contains(11L);
        assertThat(registry.get("outbox_records_total")
                        .tag("outcome", "set_aside")
                        .counter()
                        .count())
                .isEqualTo(store.setAside.size());
        assertThat(registry.get("outbox_records_total")
                        .tag("outcome", "failed")
                        .counter()
                        .count())
                .as("a refused event is no failed attempt: the relay does not back off for it")
                .isZero();
    }

    @Test
    void aLeaderUnderLoadRenewsItsLeaseOncePerSixthOfItNotOncePerBatch() {
        final EndlessStore store = new EndlessStore();
        final Duration lease = Duration.ofSeconds(30);
        final long started = System.nanoTime();
        final OutboxRelay relay = OutboxRelay.start(
                store, settings(lease), record -> CompletableFuture.completedFuture(null), new SimpleMeterRegistry());
        try {
            Await.until(Duration.ofSeconds(60), "2,000 batches marked", () -> store.marked.get() >= 2_000);
        } finally {
            relay.stop(Duration.ofSeconds(5));
        }
        final int leases = store.leases.get();
        final long elapsed = System.nanoTime() - started;
        assertThat(store.batches.get()).isGreaterThanOrEqualTo(2_000);
        // Once per batch would be 2,000 calls; within the first 5 s (a sixth) the lease is taken once.
        assertThat(leases).isPositive();
        assertThat(leases)
                .as(within(elapsed, lease.dividedBy(6)))
                .isLessThanOrEqualTo(atMost(elapsed, lease.dividedBy(6)));
    }

    @Test
    void aLeaderRenewsItsLeaseOnceASixthOfItHasPassed() {
        final EndlessStore store = new EndlessStore();
        final Duration lease = Duration.ofSeconds(1);
        final long started = System.nanoTime();
        final OutboxRelay relay = OutboxRelay.start(
                store, settings(lease), record -> CompletableFuture.completedFuture(null), new SimpleMeterRegistry());
        try {
            Await.until(Duration.ofSeconds(30), "the lease taken and renewed 3 times", () -> store.leases.get() >= 4);
        } finally {
            relay.stop(Duration.ofSeconds(5));
        }
        final int leases = store.leases.get();
        final long elapsed = System.nanoTime() - started;
        // Renewed about every 167 ms, and never more often, however many batches went in between.
        assertThat(leases)
                .as(within(elapsed, lease.dividedBy(6)))
                .isLessThanOrEqualTo(atMost(elapsed, lease.dividedBy(6)));
        assertThat(store.batches.get()).as("batches sent meanwhile").isGreaterThan(leases);
    }

    @Test
    void aStandbyAsksForTheLeaseEachPollAndSendsNothing() {
        final EndlessStore store = new EndlessStore();
        store.held.set(true);
        final long started = System.nanoTime();
        final OutboxRelay relay = OutboxRelay.start(
                store,
                settings(Duration.ofSeconds(3)),
                record -> CompletableFuture.completedFuture(null),
                new SimpleMeterRegistry());
        try {
            Await.until(Duration.ofSeconds(30), "5 asks for the lease", () -> store.leases.get() >= 5);
        } finally {
            relay.stop(Duration.ofSeconds(5));
        }
        final int leases = store.leases.get();
        final long elapsed = System.nanoTime() - started;
        assertThat(leases).as(within(elapsed, POLL)).isLessThanOrEqualTo(atMost(elapsed, POLL));
        assertThat(store.batches.get()).isZero();
    }

    /**
     * The most lease calls a relay may make in {@code elapsedNanos} when consecutive calls are at
     * least {@code apart} apart: the first, and one per {@code apart} after it. Measured by the test
     * from before the relay started to after it stopped, so the window holds every call counted.
     */
    private static int atMost(final long elapsedNanos, final Duration apart) {
        return 1 + (int) (elapsedNanos / apart.toNanos());
    }

    private static String within(final long elapsedNanos, final Duration apart) {
        return "lease calls in " + elapsedNanos / 1_000_000 + " ms, at least " + apart.toMillis() + " ms apart";
    }

    private static OutboxConfiguration settings(final Duration lease) {
        return new OutboxConfiguration() {
            @Override
            public long maxPending() {
                return 100_000;
            }

            @Override
            public Duration pollInterval() {
                return POLL;
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
        final java.util.Map<Long, String> setAside = new java.util.concurrent.ConcurrentHashMap<>();
        final java.util.Set<Long> markedIds = java.util.concurrent.ConcurrentHashMap.newKeySet();

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
            markedIds.addAll(ids);
        }

        @Override
        public int purge(final Instant sentBefore) {
            return 0;
        }

        @Override
        public Backlog backlog() {
            return new Backlog(1, Optional.of(Instant.now()), setAside.size());
        }

        @Override
        public void setAside(final long id, final String error) {
            setAside.put(id, error);
        }

        @Override
        public void onCommit(final Runnable wake) {}
    }
}
