package org.jzenith.jdbc;

import java.sql.SQLException;
import java.time.Instant;
import java.util.Locale;
import org.jdbi.v3.core.Jdbi;

/**
 * Deletes a table's old rows in batches of {@value #BATCH}, each statement its own short transaction,
 * so that a large first purge never holds locks on the whole table while the service writes to it;
 * the outbox's and the inbox's purge. Which statement deletes a batch depends on the database:
 * MariaDB and MySQL take {@code DELETE ... ORDER BY ... LIMIT}, H2 and PostgreSQL a {@code DELETE ...
 * WHERE key IN (SELECT ... LIMIT)}; it is chosen on first use from the product name. Stops between
 * batches when its thread is interrupted (the service is stopping): the rest goes at the next purge.
 * Thread-safe.
 */
final class BatchedPurge {

    /** Rows deleted per statement. */
    static final int BATCH = 1000;

    private final Jdbi jdbi;
    private final String what;
    private final String mariadb;
    private final String others;
    private volatile String chosen = "";

    /**
     * A purge of {@code what} (for messages: "the outbox"), by {@code mariadb} on MariaDB and MySQL and
     * {@code others} elsewhere; both delete at most {@value #BATCH} rows older than {@code :before}.
     */
    BatchedPurge(final Jdbi jdbi, final String what, final String mariadb, final String others) {
        this.jdbi = jdbi;
        this.what = what;
        this.mariadb = mariadb;
        this.others = others;
    }

    /** Deletes the rows older than {@code before}; how many it deleted. */
    int olderThan(final Instant before) {
        final String statement = statement();
        int purged = 0;
        int batch;
        do {
            batch = jdbi.withHandle(handle -> handle.createUpdate(statement)
                    .bind("before", before.toEpochMilli())
                    .execute());
            purged += batch;
        } while (batch == BATCH && !Thread.currentThread().isInterrupted());
        return purged;
    }

    private String statement() {
        String known = chosen;
        if (known.isEmpty()) {
            known = jdbi.withHandle(handle -> {
                try {
                    final String product = handle.getConnection()
                            .getMetaData()
                            .getDatabaseProductName()
                            .toLowerCase(Locale.ROOT);
                    return product.startsWith("mariadb") || product.startsWith("mysql") ? mariadb : others;
                } catch (final SQLException e) {
                    throw new IllegalStateException("cannot tell " + what + "'s database: " + e.getMessage(), e);
                }
            });
            chosen = known;
        }
        return known;
    }
}
