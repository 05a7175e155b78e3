package org.jzenith.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * The PostgreSQL driver's side of {@link OutboxListener}, apart so that its classes load only on
 * PostgreSQL: {@code LISTEN} on a connection, then waits for notifications whose payload is the
 * connection's schema (instances of other services, in other schemas of the same database, notify
 * the same channel). Not thread-safe: one listener thread uses it.
 */
final class PostgresqlNotifications {

    // How long one wait lasts; between waits the connection is checked, so a silent network loss is
    // found within about this long.
    private static final Duration WAIT = Duration.ofSeconds(5);
    private static final int VALID_WITHIN_SECONDS = 5;

    private final Connection connection;
    private final PGConnection driver;
    private final String schema;

    private PostgresqlNotifications(final Connection connection, final PGConnection driver, final String schema) {
        this.connection = connection;
        this.driver = driver;
        this.schema = schema;
    }

    /** Listens on {@code channel} through {@code connection} from now on. */
    static PostgresqlNotifications listen(final Connection connection, final String channel) throws SQLException {
        connection.setAutoCommit(true);
        try (Statement statement = connection.createStatement()) {
            statement.execute("LISTEN " + channel);
            try (ResultSet schema = statement.executeQuery("SELECT " + JdbcOutbox.POSTGRESQL_SCHEMA)) {
                schema.next();
                return new PostgresqlNotifications(
                        connection, connection.unwrap(PGConnection.class), schema.getString(1));
            }
        }
    }

    /**
     * Waits up to a few seconds; true when an instance committed events in this schema meanwhile.
     * Throws when the connection broke.
     */
    boolean await() throws SQLException {
        final PGNotification[] notifications = driver.getNotifications((int) WAIT.toMillis());
        if (notifications == null || notifications.length == 0) {
            if (!connection.isValid(VALID_WITHIN_SECONDS)) {
                throw new SQLException("the LISTEN connection does not answer within " + VALID_WITHIN_SECONDS + " s");
            }
            return false;
        }
        for (final PGNotification notification : notifications) {
            if (schema.equals(notification.getParameter())) {
                return true;
            }
        }
        return false;
    }
}
