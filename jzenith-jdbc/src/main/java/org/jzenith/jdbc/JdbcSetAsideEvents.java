package org.jzenith.jdbc;

import java.time.Instant;
import org.jdbi.v3.core.Jdbi;
import org.jzenith.core.spi.outbox.OutboxRecord;
import org.jzenith.outbox.log.SetAsideEvents;

/** The log outbox's refused events in {@code jzenith_outbox_failed}, through the JDBC plugin's Jdbi. */
final class JdbcSetAsideEvents implements SetAsideEvents {

    private static final String INSERT = SetAsideEvents.insert(n -> "?");

    private final Jdbi jdbi;

    JdbcSetAsideEvents(final Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    @Override
    public void keep(final OutboxRecord record, final Instant failedAt, final String error) {
        jdbi.useHandle(handle -> handle.createUpdate(INSERT)
                .bind(0, record.eventId())
                .bind(1, record.channel())
                .bind(2, record.key().orElse(null))
                .bind(3, record.payload())
                .bind(4, record.createdAt().toEpochMilli())
                .bind(5, failedAt.toEpochMilli())
                .bind(6, record.traceParent().orElse(null))
                .bind(7, error)
                .bind(8, record.eventId())
                .execute());
    }

    @Override
    public long count() {
        return jdbi.withHandle(
                handle -> handle.createQuery(COUNT).mapTo(Long.class).one());
    }
}
