package org.jzenith.postgresql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.sqlclient.Pool;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.StartupException;
import org.jzenith.test.net.TcpProxy;
import org.jzenith.test.services.LocalServices;

/**
 * A replacement instance starting while its database is too loaded to answer in time, played by a
 * proxy that holds new connections unanswered: the first connection times out, is tried again, and
 * the start succeeds once the database answers, with the pool's connections open; a database that never answers within half of {@code
 * jzenith.start-timeout} still fails the start, with the reason.
 */
class StartUnderLoadIT {

    private static final String DATABASE = "jzenith_start_under_load_it";
    private static final Duration CONNECTION_TIMEOUT = Duration.ofMillis(300);
    private static final int POOL_SIZE = 3;

    private LocalServices.Database database;
    private TcpProxy proxy;

    @BeforeEach
    void stallTheDatabase() {
        database = TestDatabases.fresh(DATABASE);
        proxy = TcpProxy.start(database.host(), database.port());
        proxy.stall();
    }

    @AfterEach
    void closeProxy() {
        proxy.close();
    }

    private JZenith application(final String startTimeout) {
        return TestDatabases.configure(
                JZenith.application()
                        .withPlugins(PostgresqlPlugin.create())
                        .withConfiguration("postgresql.migrate", false)
                        .withConfiguration("postgresql.pool.size", POOL_SIZE)
                        .withConfiguration("postgresql.connection-timeout", CONNECTION_TIMEOUT.toMillis() + "ms")
                        .withConfiguration("jzenith.start-timeout", startTimeout),
                database.through(proxy.host(), proxy.port()));
    }

    @Test
    void theFirstConnectionIsTriedAgainUntilTheDatabaseAnswers() {
        // The database answers after several connection timeouts, well within half the start timeout.
        Thread.ofVirtual().start(() -> {
            LockSupport.parkNanos(CONNECTION_TIMEOUT.multipliedBy(5).toNanos());
            proxy.restore();
        });
        final long start = System.nanoTime();
        final JZenith app = application("60s").start();
        try {
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .as("waited for the stalled database")
                    .isGreaterThan(CONNECTION_TIMEOUT.multipliedBy(5));
            assertThat(app.instance(Pool.class).size())
                    .as("the pool's connections were opened at start, not by the first requests")
                    .isEqualTo(POOL_SIZE);
            assertThat(app.instance(Pool.class)
                            .query("SELECT 1")
                            .execute()
                            .await()
                            .size())
                    .isEqualTo(1);
        } finally {
            app.stop();
        }
    }

    @Test
    void aDatabaseThatNeverAnswersStillFailsTheStartWithTheReason() {
        // Not the start timeout's own failure ("did not start within 4000 ms"): the plugin gave up first.
        assertThatThrownBy(() -> application("4s").start())
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("The plugin 'postgresql' failed to start: cannot connect to")
                .hasMessageContaining("Timeout waiting for connection");
    }
}
