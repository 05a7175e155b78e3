package org.jzenith.postgresql;

import com.google.inject.Injector;
import io.vertx.core.Vertx;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Optional;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.spi.outbox.OutboxStore;
import org.jzenith.outbox.log.LogOutboxHealthCheck;
import org.jzenith.outbox.log.SlotSetup;

/**
 * Where the reactive plugin touches the log outbox's classes, apart so that they (and PgJDBC's
 * replication API) load only with {@code outbox.mode=log}. Stateless.
 */
final class LogOutboxes {

    private LogOutboxes() {}

    static PostgresqlOutbox outbox(final Injector injector) {
        return injector.getInstance(ReactiveLogOutbox.class);
    }

    static OutboxStore store(final Injector injector) {
        return injector.getInstance(ReactiveLogOutbox.class).store();
    }

    static HealthCheck healthCheck(final Injector injector) {
        return new LogOutboxHealthCheck(
                injector.getInstance(Vertx.class),
                injector.getInstance(ReactiveLogOutbox.class).store());
    }

    /**
     * Checks the server and makes the slot at start-up, over JDBC as the migrations connect; what it
     * did, for the start-up line. Blocking.
     */
    static String prepare(final PostgresqlTarget target, final String slot) {
        try (Connection connection = DriverManager.getConnection(
                target.jdbcUrl(),
                target.options().getUser(),
                Optional.ofNullable(target.options().getPassword()).orElse(""))) {
            return SlotSetup.prepare(connection, slot, "PostgreSQL at " + target.describe());
        } catch (final SQLException e) {
            throw new IllegalStateException(
                    "cannot prepare the log outbox's replication slot " + slot + " on PostgreSQL at "
                            + target.describe() + ": " + target.mask(e.getMessage()),
                    e);
        }
    }

    /** What is wrong with {@code slot} as {@code outbox.log.slot}. */
    static Optional<String> slotProblems(final String slot) {
        return SlotSetup.problems(slot);
    }
}
