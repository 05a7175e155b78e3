package org.jzenith.jdbc;

import jakarta.inject.Inject;
import java.time.Clock;
import java.util.concurrent.Callable;
import org.jdbi.v3.core.Jdbi;
import org.jzenith.core.spi.outbox.InboxStore;

/**
 * The inbox in the JDBC database: a message's id is a row of {@code jzenith_inbox}, inserted in the
 * transaction the consumer's own writes join (Jdbi hands a nested {@code withHandle} or {@code
 * inTransaction} on this thread the outer handle), so an applied message and its record commit
 * together. Two copies processed at once both pass the look-up, but only one insert commits: the
 * other fails on the primary key, rolls back, and its next attempt finds the id. Thread-safe.
 */
final class JdbcInbox implements InboxStore {

    private final Jdbi jdbi;
    private final Clock clock;

    @Inject
    JdbcInbox(final Jdbi jdbi) {
        this(jdbi, Clock.systemUTC());
    }

    JdbcInbox(final Jdbi jdbi, final Clock clock) {
        this.jdbi = jdbi;
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
}
