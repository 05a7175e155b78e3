package org.jzenith.jdbc;

import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.Callable;
import org.jdbi.v3.core.Jdbi;
import org.jzenith.core.spi.outbox.InboxStore;

/**
 * The inbox in the JDBC database: a message's id is a row of {@code jzenith_inbox}, inserted in the
 * transaction the consumer's own writes join (Jdbi hands a nested {@code withHandle} or {@code
 * inTransaction} on this thread the outer handle), so an applied message and its record commit
 * together. Two copies processed at once both pass the look-up, but only one insert commits: the
 * other fails on the primary key, rolls back, and its next attempt finds the id. {@link #purge} deletes
 * old ids in batches of {@value #PURGE_BATCH}, each its own short transaction, so that a large first
 * purge never holds locks on the whole table while consumers insert. Thread-safe.
 */
final class JdbcInbox implements InboxStore {

    /** Ids deleted per statement of {@link #purge}. */
    static final int PURGE_BATCH = BatchedPurge.BATCH;

    // MariaDB/MySQL refuse LIMIT in an IN subquery, but take it on a single-table DELETE.
    private static final String PURGE_MARIADB =
            "DELETE FROM jzenith_inbox WHERE received_at < :before ORDER BY received_at LIMIT " + PURGE_BATCH;
    // PostgreSQL has no DELETE ... LIMIT; H2 takes this form too.
    private static final String PURGE_OTHERS = "DELETE FROM jzenith_inbox WHERE message_id IN (SELECT message_id"
            + " FROM jzenith_inbox WHERE received_at < :before ORDER BY received_at LIMIT " + PURGE_BATCH + ")";

    private final Jdbi jdbi;
    private final Clock clock;
    private final BatchedPurge purge;

    @Inject
    JdbcInbox(final Jdbi jdbi) {
        this(jdbi, Clock.systemUTC());
    }

    JdbcInbox(final Jdbi jdbi, final Clock clock) {
        this.jdbi = jdbi;
        this.purge = new BatchedPurge(jdbi, "the inbox", PURGE_MARIADB, PURGE_OTHERS);
        this.clock = clock;
    }

    @Override
    public boolean once(final String messageId, final String channel, final Callable<?> work) throws Exception {
        return jdbi.inTransaction(handle -> {
            final boolean seen = handle.createQuery("SELECT COUNT(*) FROM jzenith_inbox WHERE message_id = :id")
                            .bind("id", messageId)
                            .mapTo(Long.class)
                            .one()
                    > 0;
            if (seen) {
                return false;
            }
            handle.createUpdate("INSERT INTO jzenith_inbox (message_id, channel, received_at) VALUES (:id, :channel,"
                            + " :at)")
                    .bind("id", messageId)
                    .bind("channel", channel)
                    .bind("at", clock.millis())
                    .execute();
            work.call();
            return true;
        });
    }

    @Override
    public int purge(final Instant receivedBefore) {
        return purge.olderThan(receivedBefore);
    }
}
