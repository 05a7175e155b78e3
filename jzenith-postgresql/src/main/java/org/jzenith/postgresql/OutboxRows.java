package org.jzenith.postgresql;

import io.vertx.sqlclient.Row;
import java.time.Instant;
import java.util.Optional;
import org.jzenith.core.spi.outbox.OutboxRecord;

/**
 * The columns of {@code jzenith_outbox} the relay reads, and how a row becomes an {@link
 * OutboxRecord}: in one place, so that a column added to the record is added here only.
 */
final class OutboxRows {

    /** The columns {@link #record} reads, in a {@code SELECT}. */
    static final String COLUMNS = "id, event_id, channel, record_key, payload, created_at, traceparent";

    private OutboxRows() {}

    /** The event in {@code row}, selected with {@link #COLUMNS}. */
    static OutboxRecord record(final Row row) {
        return new OutboxRecord(
                row.getLong("id"),
                row.getString("event_id"),
                row.getString("channel"),
                Optional.ofNullable(row.getString("record_key")),
                row.getBuffer("payload").getBytes(),
                Instant.ofEpochMilli(row.getLong("created_at")),
                Optional.ofNullable(row.getString("traceparent")));
    }
}
