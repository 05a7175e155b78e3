package org.jzenith.postgresql;

import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import org.jzenith.core.spi.outbox.OutboxRecord;
import org.jzenith.outbox.log.SetAsideEvents;

/**
 * The log outbox's refused events in {@code jzenith_outbox_failed}, through the reactive plugin's pool;
 * blocking, as the relay's thread calls it.
 */
final class ReactiveSetAsideEvents implements SetAsideEvents {

    private static final String INSERT = SetAsideEvents.insert(n -> "$" + n);

    private final Pool pool;

    ReactiveSetAsideEvents(final Pool pool) {
        this.pool = pool;
    }

    @Override
    public void keep(final OutboxRecord record, final Instant failedAt, final String error) {
        Awaiting.result(pool.preparedQuery(INSERT)
                .execute(Tuple.of(
                                record.eventId(),
                                record.channel(),
                                record.key().orElse(null),
                                Buffer.buffer(record.payload()),
                                record.createdAt().toEpochMilli(),
                                failedAt.toEpochMilli())
                        .addValue(record.traceParent().orElse(null))
                        .addValue(error)
                        .addValue(record.eventId())));
    }

    @Override
    public long count() {
        return Awaiting.result(
                pool.query(COUNT).execute().map(rows -> rows.iterator().next().getLong(0)));
    }
}
