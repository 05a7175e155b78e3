package org.jzenith.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import javax.sql.DataSource;
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
 * the start succeeds once the database answers; one that never answers within half of {@code
 * jzenith.start-timeout} still fails the start, with the reason.
 */
class StartUnderLoadIT {

    private static final Duration CONNECTION_TIMEOUT = Duration.ofMillis(500);

    private LocalServices.Database postgres;
    private TcpProxy proxy;

    @BeforeEach
    void stallTheDatabase() {
        postgres = LocalServices.postgresql();
        proxy = TcpProxy.start(postgres.host(), postgres.port());
        proxy.stall();
    }

    @AfterEach
    void closeProxy() {
        proxy.close();
    }

    private JZenith application(final String startTimeout) {
        final JZenith app = JZenith.application()
                .withPlugins(JdbcPlugin.create())
                .withConfiguration(
                        "jdbc.url", postgres.through(proxy.host(), proxy.port()).jdbcUrl())
                .withConfiguration("jdbc.username", postgres.user())
                .withConfiguration("jdbc.migrate", false)
                .withConfiguration("jdbc.connection-timeout", CONNECTION_TIMEOUT.toMillis() + "ms")
                .withConfiguration("jzenith.start-timeout", startTimeout);
        return postgres.password().isEmpty() ? app : app.withConfiguration("jdbc.password", postgres.password());
    }

    @Test
    void theFirstConnectionIsTriedAgainUntilTheDatabaseAnswers() throws SQLException {
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
            try (Connection connection = app.instance(DataSource.class).getConnection();
                    Statement statement = connection.createStatement();
                    ResultSet one = statement.executeQuery("SELECT 1")) {
                assertThat(one.next()).isTrue();
            }
        } finally {
            app.stop();
        }
    }

    @Test
    void aDatabaseThatNeverAnswersStillFailsTheStartWithTheReason() {
        // Not the start timeout's own failure ("did not start within 4000 ms"): the plugin gave up first.
        assertThatThrownBy(() -> application("4s").start())
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("The plugin 'jdbc' failed to start: cannot connect to")
                .hasMessageNotContaining("did not start within");
    }
}
