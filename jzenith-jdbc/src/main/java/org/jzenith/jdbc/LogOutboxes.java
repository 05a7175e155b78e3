package org.jzenith.jdbc;

import com.google.inject.Injector;
import io.vertx.core.Vertx;
import java.sql.Connection;
import java.sql.SQLException;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.outbox.Outbox;
import org.jzenith.core.spi.outbox.OutboxStore;
import org.jzenith.outbox.log.LogOutboxHealthCheck;
import org.jzenith.outbox.log.SlotSetup;

/**
 * Where the JDBC plugin touches the log outbox's classes, apart so that they (and PgJDBC's
 * replication API) load only with {@code outbox.mode=log}. Stateless.
 */
final class LogOutboxes {

    private LogOutboxes() {}

    static Outbox outbox(final Injector injector) {
        return injector.getInstance(JdbcLogOutbox.class);
    }

    static OutboxStore store(final Injector injector) {
        return injector.getInstance(JdbcLogOutbox.class).store();
    }

    static HealthCheck healthCheck(final Injector injector) {
        return new LogOutboxHealthCheck(
                injector.getInstance(Vertx.class),
                injector.getInstance(JdbcLogOutbox.class).store());
    }

    /** Checks the server and makes the slot at start-up; what it did, for the start-up line. */
    static String prepare(final javax.sql.DataSource pool, final String slot, final String where) {
        try (Connection connection = pool.getConnection()) {
            return SlotSetup.prepare(connection, slot, where);
        } catch (final SQLException e) {
            throw new IllegalStateException(
                    "cannot prepare the log outbox's replication slot " + slot + " on " + where + ": " + e.getMessage(),
                    e);
        }
    }

    /** What is wrong with {@code slot} as {@code outbox.log.slot}. */
    static java.util.Optional<String> slotProblems(final String slot) {
        return SlotSetup.problems(slot);
    }
}
