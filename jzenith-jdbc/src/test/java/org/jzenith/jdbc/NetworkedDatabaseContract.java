package org.jzenith.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.health.HealthResult;
import org.jzenith.core.health.HealthStatus;
import org.jzenith.test.Await;
import org.jzenith.test.net.TcpProxy;

/**
 * The contract, plus what happens when a database server on the network goes away: the
 * application reaches it through a {@link TcpProxy} that the tests cut and restore.
 */
abstract class NetworkedDatabaseContract extends JdbcPluginContract {

    /** How much longer than the connection timeout a failing call may take. */
    static final Duration MARGIN = Duration.ofMillis(1500);

    private TcpProxy proxy;

    /** A proxy to the real server, started once for the class. */
    TcpProxy proxy(final String host, final int port) {
        if (proxy == null) {
            proxy = TcpProxy.start(host, port);
        }
        return proxy;
    }

    @AfterAll
    final void closeProxy() {
        if (proxy != null) {
            proxy.close();
        }
    }

    @Test
    void failsFastWhileTheDatabaseIsAwayAndRecoversWhenItReturns() {
        assertThat(countItems()).isPositive();

        proxy.cut();
        try {
            // Calls fail, each within the connection timeout, until one says "unavailable" (503).
            final long cutAt = System.nanoTime();
            final List<Throwable> failures = new ArrayList<>();
            Await.until(CONNECTION_TIMEOUT.plus(MARGIN).multipliedBy(2), "a call fails with a 503 mapping", () -> {
                final long start = System.nanoTime();
                final Optional<Throwable> failure = attempt();
                assertThat(Duration.ofNanos(System.nanoTime() - start))
                        .as("one call while the database is away")
                        .isLessThan(CONNECTION_TIMEOUT.plus(MARGIN));
                assertThat(failure).as("a call while the database is away").isPresent();
                failures.add(failure.get());
                return mappedStatus(failure.get()).equals(Optional.of(503));
            });
            assertThat(Duration.ofNanos(System.nanoTime() - cutAt))
                    .isLessThan(CONNECTION_TIMEOUT.plus(MARGIN).multipliedBy(2));

            // A call on a connection that broke under it may fail with whatever the driver throws;
            // the plugin then renews the pool, so that the calls after it are 503s.
            assertThat(failures).as("failures before the first 503").hasSizeLessThanOrEqualTo(2);
            final HealthResult down = jdbcHealth();
            assertThat(down.status()).isEqualTo(HealthStatus.DOWN);
            assertThat(down.reason())
                    .hasValueSatisfying(reason -> assertThat(reason).isNotBlank());
            assertThat(down.data()).containsKeys("active", "idle", "total", "max");
        } finally {
            proxy.restore();
        }

        Await.until(
                Duration.ofSeconds(15), "calls succeed again", () -> attempt().isEmpty());
        Await.until(Duration.ofSeconds(15), "the health check is UP again", () -> jdbcHealth()
                .isUp());
        assertThat(countItems()).isPositive();
    }

    private Optional<Throwable> attempt() {
        try {
            countItems();
            return Optional.empty();
        } catch (final RuntimeException e) {
            return Optional.of(e);
        }
    }

    private int countItems() {
        return jdbi().withHandle(handle -> handle.createQuery("SELECT COUNT(*) FROM items")
                .mapTo(Integer.class)
                .one());
    }
}
