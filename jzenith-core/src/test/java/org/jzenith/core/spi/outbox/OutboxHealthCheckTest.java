package org.jzenith.core.spi.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.jzenith.core.health.HealthResult;
import org.jzenith.core.health.HealthStatus;

class OutboxHealthCheckTest {

    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void closeVertx() {
        vertx.close().await();
    }

    /** A store whose count answers, fails or waits as the test says. */
    private static final class CountingStore implements OutboxStore {
        private volatile long pending = 3;
        private volatile RuntimeException failure;
        private volatile CountDownLatch gate = new CountDownLatch(0);

        @Override
        public Backlog backlog() {
            try {
                gate.await(30, TimeUnit.SECONDS);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (failure != null) {
                throw failure;
            }
            return new Backlog(pending, Optional.of(Instant.now().minusSeconds(2)), 1);
        }

        @Override
        public boolean lease(final String owner, final Duration duration) {
            return true;
        }

        @Override
        public void release(final String owner) {}

        @Override
        public List<OutboxRecord> pending(final int limit) {
            return List.of();
        }

        @Override
        public void markSent(final List<Long> ids) {}

        @Override
        public void setAside(final long id, final String error) {}

        @Override
        public int purge(final Instant sentBefore) {
            return 0;
        }

        @Override
        public void onCommit(final Runnable wake) {}
    }

    private HealthResult check(final OutboxHealthCheck check) {
        final long start = System.nanoTime();
        final HealthResult result = check.check().await();
        assertThat(Duration.ofNanos(System.nanoTime() - start))
                .as("never waits for a slow count")
                .isLessThan(check.timeout());
        return result;
    }

    @Test
    void aBusyOrAwayStoreLeavesTheCheckUpWithTheLastCountSayingSo() {
        final CountingStore store = new CountingStore();
        final OutboxHealthCheck check = new OutboxHealthCheck(vertx, store);

        final HealthResult counted = check(check);
        assertThat(counted.status()).isEqualTo(HealthStatus.UP);
        assertThat(counted.data())
                .containsEntry("pending", 3L)
                .containsEntry("setAside", 1L)
                .doesNotContainKey("countFailed");

        // A count that waits behind the requests for a connection: the last count answers.
        store.gate = new CountDownLatch(1);
        store.pending = 7;
        final HealthResult slow = check(check);
        assertThat(slow.status()).isEqualTo(HealthStatus.UP);
        assertThat(slow.data()).containsEntry("pending", 3L).containsKey("countedSecondsAgo");
        store.gate.countDown();

        store.failure = new IllegalStateException("Timeout waiting for connection");
        HealthResult failed = check(check);
        for (int i = 0; i < 20 && !failed.data().containsKey("countFailed"); i++) {
            failed = check(check);
        }
        assertThat(failed.status())
                .as("the store's own check speaks for the store")
                .isEqualTo(HealthStatus.UP);
        assertThat(failed.data()).containsEntry("countFailed", "Timeout waiting for connection");
    }

    @Test
    void noCountEverIsDown() {
        final CountingStore store = new CountingStore();
        store.failure = new IllegalStateException("relation \"jzenith_outbox\" does not exist");
        final HealthResult result = check(new OutboxHealthCheck(vertx, store));
        assertThat(result.status()).isEqualTo(HealthStatus.DOWN);
        assertThat(result.reason()).hasValueSatisfying(reason -> assertThat(reason)
                .isEqualTo("cannot count the outbox: relation \"jzenith_outbox\" does not exist"));
    }
}
