package org.jzenith.outbox.log;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the log outbox needs of the server, checked and made at start-up over a plain JDBC connection
 * (the store plugin's): {@code wal_level=logical} and a role with {@code REPLICATION}, refused in one
 * message that says what to set; then its publication (empty: {@code pgoutput} needs one to stream
 * the messages) and its logical replication slot ({@code pgoutput}), made when missing.
 *
 * <pre>{@code
 * try (Connection connection = dataSource.getConnection()) {
 *     String made = SlotSetup.prepare(connection, "jzenith_outbox", "PostgreSQL at db:5432/users");
 * }
 * }</pre>
 *
 * <p>Stateless.
 */
public final class SlotSetup {

    /** The output plugin the slot decodes with. */
    static final String PLUGIN = "pgoutput";

    private static final Logger LOG = LoggerFactory.getLogger(SlotSetup.class);
    private static final Pattern PLAIN_NAME = Pattern.compile("[a-z0-9_]{1,63}");

    private SlotSetup() {}

    /**
     * What is wrong with {@code slot} as the value of {@code outbox.log.slot}; empty when it is a
     * name PostgreSQL takes for a slot.
     */
    public static Optional<String> problems(final String slot) {
        return PLAIN_NAME.matcher(slot).matches()
                ? Optional.empty()
                : Optional.of("a replication slot's name: 1 to 63 lower-case letters, digits and underscores,"
                        + " such as users_outbox");
    }

    static void requirePlainName(final String slot) {
        if (!PLAIN_NAME.matcher(slot).matches()) {
            throw new IllegalArgumentException("not a replication slot's name: " + slot);
        }
    }

    /**
     * Checks the server behind {@code connection} ({@code where} names it in messages) and makes the
     * publication and slot {@code slot} when missing; what it did, for the start-up line. Throws
     * {@link IllegalStateException} naming every problem and its fix when the server cannot carry
     * the log outbox.
     */
    public static String prepare(final Connection connection, final String slot, final String where)
            throws SQLException {
        requirePlainName(slot);
        connection.setAutoCommit(true);
        try (Statement statement = connection.createStatement()) {
            final List<String> problems = new ArrayList<>();
            final String walLevel = single(statement, "SELECT current_setting('wal_level')");
            if (!"logical".equals(walLevel)) {
                problems.add("the server has wal_level=" + walLevel + ", and logical decoding needs wal_level=logical:"
                        + " set it (ALTER SYSTEM SET wal_level = logical, or in postgresql.conf) and restart the"
                        + " server; on Amazon RDS and Aurora set the parameter rds.logical_replication=1, on Google"
                        + " Cloud SQL the flag cloudsql.logical_decoding=on, on Azure Database for PostgreSQL"
                        + " wal_level=LOGICAL");
            }
            final String user = single(statement, "SELECT current_user");
            final String replication = single(
                    statement, "SELECT (rolreplication OR rolsuper)::text FROM pg_roles WHERE rolname = current_user");
            if (!"true".equals(replication)) {
                problems.add("the role " + user + " lacks the REPLICATION privilege that reading a replication slot"
                        + " needs: ALTER ROLE " + user + " WITH REPLICATION (on Amazon RDS and Aurora: GRANT"
                        + " rds_replication TO " + user + "; on Google Cloud SQL: ALTER USER " + user
                        + " WITH REPLICATION; on Azure: ALTER ROLE " + user + " WITH REPLICATION)");
            }
            if (!problems.isEmpty()) {
                throw new IllegalStateException("outbox.mode=log cannot run on " + where + ": "
                        + String.join("; and ", problems) + ". Or set outbox.mode=table, the outbox in a table.");
            }
            final List<String> made = new ArrayList<>();
            if (single(statement, "SELECT count(*)::text FROM pg_publication WHERE pubname = '" + slot + "'")
                    .equals("0")) {
                statement.execute("CREATE PUBLICATION " + slot);
                made.add("created the publication " + slot);
            }
            final Optional<String> plugin = optional(
                    statement,
                    "SELECT plugin || ' ' || database FROM pg_replication_slots WHERE slot_name = '" + slot + "'");
            final String database = single(statement, "SELECT current_database()");
            if (plugin.isEmpty()) {
                // Waits for the transactions running now to end: the slot's first consistent point.
                statement.execute("SELECT pg_create_logical_replication_slot('" + slot + "', '" + PLUGIN + "')");
                made.add("created the replication slot " + slot);
                LOG.info("Created the log outbox's replication slot {} ({}) on {}", slot, PLUGIN, where);
            } else if (!plugin.get().equals(PLUGIN + " " + database)) {
                throw new IllegalStateException("outbox.mode=log cannot use the replication slot " + slot + " on "
                        + where + ": it exists for " + plugin.get().replace(" ", " in the database ") + ", not for "
                        + PLUGIN + " in " + database + "; set outbox.log.slot to another name, or drop it"
                        + " (SELECT pg_drop_replication_slot('" + slot + "')) if nothing uses it");
            }
            return made.isEmpty() ? "reading the replication slot " + slot : String.join(" and ", made) + ", to read";
        }
    }

    private static String single(final Statement statement, final String sql) throws SQLException {
        return optional(statement, sql).orElseThrow(() -> new SQLException("no row from " + sql));
    }

    private static Optional<String> optional(final Statement statement, final String sql) throws SQLException {
        try (ResultSet rows = statement.executeQuery(sql)) {
            return rows.next() ? Optional.ofNullable(rows.getString(1)) : Optional.empty();
        }
    }
}
