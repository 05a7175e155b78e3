package org.jzenith.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.jzenith.core.spi.outbox.OutboxStore;
import org.jzenith.test.services.LocalServices;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The outbox contract on the machine's PostgreSQL, in a schema of each test's own, dropped after; and
 * what PostgreSQL adds: a commit in one outbox wakes the listener of another at once, a rollback does
 * not, and the listener connects again by itself when its connection is killed.
 */
class OutboxStorePostgresqlIT extends OutboxStoreContract {

    private final LocalServices.Database postgres = LocalServices.postgresql();
    private final String schema =
            "jzenith_outbox_" + UUID.randomUUID().toString().replace("-", "");

    @Override
    DataSource database() {
        execute("CREATE SCHEMA " + schema);
        final PGSimpleDataSource source = new PGSimpleDataSource();
        source.setUrl(postgres.jdbcUrl());
        source.setUser(postgres.user());
        source.setPassword(postgres.password());
        source.setCurrentSchema(schema);
        return source;
    }

    // The listener's connections carry this name, so that the test finds (and kills) them.
    private final String listenerName = "outbox-listen-" + schema.substring(schema.length() - 8);

    @Override
    Connection listenerConnection() throws SQLException {
        final Properties properties = new Properties();
        properties.setProperty("user", postgres.user());
        properties.setProperty("password", postgres.password());
        properties.setProperty("currentSchema", schema);
        properties.setProperty("ApplicationName", listenerName);
        return DriverManager.getConnection(postgres.jdbcUrl(), properties);
    }

    @Test
    void aCommitInOneInstanceWakesTheListenerOfAnotherAndARollbackDoesNot() throws Exception {
        final JdbcOutbox publisher = outbox(100);
        final JdbcOutbox relay = outbox(100);
        final Semaphore wakes = new Semaphore(0);
        final OutboxStore.Listening listening = relay.listen(wakes::release);
        try {
            assertThat(wakes.tryAcquire(10, TimeUnit.SECONDS))
                    .as("a wake once it listens, for what it missed")
                    .isTrue();
            assertThat(wakes.tryAcquire(1, TimeUnit.SECONDS))
                    .as("nothing committed yet")
                    .isFalse();

            try {
                jdbi.useTransaction(handle -> {
                    publisher.publish("items", "a", "created a");
                    throw new IllegalStateException("rolled back");
                });
            } catch (final IllegalStateException expected) {
                // the event rolls back, and its notification with it
            }
            assertThat(wakes.tryAcquire(1, TimeUnit.SECONDS))
                    .as("no wake for a rollback")
                    .isFalse();

            jdbi.useTransaction(handle -> {
                publisher.publish("items", "b", "created b");
                publisher.publish("items", "c", "created c");
            });
            assertThat(wakes.tryAcquire(5, TimeUnit.SECONDS))
                    .as("a wake for the commit")
                    .isTrue();
        } finally {
            listening.close();
        }
    }

    @Test
    void anInstanceThatHoldsTheLeaseDoesNotNotifyItsOwnCommits() throws Exception {
        final JdbcOutbox publisher = outbox(100);
        final JdbcOutbox listener = outbox(100);
        final Semaphore wakes = new Semaphore(0);
        final Semaphore commits = new Semaphore(0);
        publisher.onCommit(commits::release);
        final OutboxStore.Listening listening = listener.listen(wakes::release);
        try {
            assertThat(wakes.tryAcquire(10, TimeUnit.SECONDS)).as("listening").isTrue();
            assertThat(publisher.lease("publisher", Duration.ofSeconds(30))).isTrue();

            jdbi.useTransaction(handle -> publisher.publish("items", "a", "created a"));
            assertThat(commits.tryAcquire(5, TimeUnit.SECONDS))
                    .as("the commit wakes the publisher's own relay in-process")
                    .isTrue();
            assertThat(wakes.tryAcquire(1, TimeUnit.SECONDS))
                    .as("no notification while the publisher relays itself")
                    .isFalse();

            publisher.release("publisher");
            jdbi.useTransaction(handle -> publisher.publish("items", "b", "created b"));
            assertThat(wakes.tryAcquire(5, TimeUnit.SECONDS))
                    .as("a notification once another instance may relay")
                    .isTrue();
            assertThat(publisher.pending(10)).hasSize(2);
        } finally {
            listening.close();
        }
    }

    @Test
    void theListenerConnectsAgainWhenItsConnectionIsKilled() throws Exception {
        final JdbcOutbox publisher = outbox(100);
        final JdbcOutbox relay = outbox(100);
        final Semaphore wakes = new Semaphore(0);
        final OutboxStore.Listening listening = relay.listen(wakes::release);
        try {
            assertThat(wakes.tryAcquire(10, TimeUnit.SECONDS)).as("listening").isTrue();

            assertThat(terminateListener())
                    .as("the listener's connection was found and ended")
                    .isOne();
            assertThat(wakes.tryAcquire(15, TimeUnit.SECONDS))
                    .as("a wake after it connected again")
                    .isTrue();
            wakes.drainPermits();

            jdbi.useTransaction(handle -> publisher.publish("items", "a", "created a"));
            assertThat(wakes.tryAcquire(5, TimeUnit.SECONDS))
                    .as("a wake for a commit after the reconnect")
                    .isTrue();
        } finally {
            listening.close();
        }
    }

    /** Ends the listener's backend, as a failover or an administrator would; the number ended. */
    private int terminateListener() throws SQLException {
        try (Connection connection =
                        DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(), postgres.password());
                Statement statement = connection.createStatement();
                ResultSet ended = statement.executeQuery("SELECT COUNT(pg_terminate_backend(pid)) FROM"
                        + " pg_stat_activity WHERE application_name = '" + listenerName + "'")) {
            ended.next();
            return ended.getInt(1);
        }
    }

    @Override
    int migrations() {
        return 4;
    }

    @Override
    String vendor() {
        return "postgresql";
    }

    @AfterEach
    void drop() {
        execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    }

    private void execute(final String sql) {
        try (Connection connection =
                        DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(), postgres.password());
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (final SQLException e) {
            throw new IllegalStateException(sql + " failed in " + postgres.jdbcUrl(), e);
        }
    }
}
