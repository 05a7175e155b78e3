package org.jzenith.postgresql;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Transaction;
import io.vertx.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.jzenith.core.spi.outbox.InboxStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The inbox in PostgreSQL through the reactive client. The record is an {@code INSERT ... ON CONFLICT
 * DO NOTHING} in the transaction of the work: a copy finds the row (or waits for the transaction that
 * is inserting it, and then finds it) and inserts nothing, so the work runs once. As the {@link
 * InboxStore} of {@code @Idempotent} consumers, it waits for the pool on the consumer's virtual
 * thread and binds the transaction's connection to that thread for {@link #transaction()}.
 * Thread-safe.
 */
final class ReactiveInbox implements PostgresqlInbox, InboxStore {

    private static final Logger LOG = LoggerFactory.getLogger(ReactiveInbox.class);
    private static final ScopedValue<SqlConnection> CURRENT = ScopedValue.newInstance();
    private static final String RECORD = "INSERT INTO jzenith_inbox (message_id, channel, received_at)"
            + " VALUES ($1, $2, $3) ON CONFLICT (message_id) DO NOTHING";
    /** Ids deleted per statement of {@link #purge}: short statements that never lock the whole table. */
    static final int PURGE_BATCH = 1000;
    // PostgreSQL has no DELETE ... LIMIT; received_at is indexed (migration V2).
    private static final String PURGE = "DELETE FROM jzenith_inbox WHERE message_id IN (SELECT message_id"
            + " FROM jzenith_inbox WHERE received_at < $1 ORDER BY received_at LIMIT " + PURGE_BATCH + ")";

    private final Pool pool;
    private final Clock clock;

    @Inject
    ReactiveInbox(final Pool pool) {
        this(pool, Clock.systemUTC());
    }

    ReactiveInbox(final Pool pool, final Clock clock) {
        this.pool = pool;
        this.clock = clock;
    }

    @Override
    public SqlConnection transaction() {
        if (!CURRENT.isBound()) {
            throw new IllegalStateException("PostgresqlInbox.transaction() was called outside an @Idempotent"
                    + " method; use PostgresqlInbox.once(...) where no message is being applied");
        }
        return CURRENT.get();
    }

    @Override
    public Future<Boolean> once(
            final String messageId, final String channel, final Function<SqlConnection, Future<?>> work) {
        Objects.requireNonNull(work, "work");
        return PostgresqlTransactions.withTransaction(pool, connection -> record(connection, messageId, channel)
                .compose(recorded -> recorded ? work.apply(connection).map(true) : Future.succeededFuture(false)));
    }

    /** Blocking, on the consumer's virtual thread: {@code work} runs there, {@link #transaction()} bound. */
    @Override
    public boolean once(final String messageId, final String channel, final Callable<?> work) throws Exception {
        final SqlConnection connection = Awaiting.result(pool.getConnection());
        try {
            final Transaction transaction = Awaiting.result(connection.begin());
            try {
                if (!Awaiting.result(record(connection, messageId, channel))) {
                    Awaiting.result(transaction.rollback());
                    return false;
                }
                ScopedValue.where(CURRENT, connection).call(work::call);
                Awaiting.result(transaction.commit());
                return true;
            } catch (final Exception | Error e) {
                rollBack(transaction);
                throw e;
            }
        } finally {
            connection.close();
        }
    }

    /** Records {@code messageId} in the transaction open on {@code connection}; false when it was recorded before. */
    private Future<Boolean> record(final SqlConnection connection, final String messageId, final String channel) {
        return connection
                .preparedQuery(RECORD)
                .execute(Tuple.of(
                        Objects.requireNonNull(messageId, "messageId"),
                        Objects.requireNonNull(channel, "channel"),
                        clock.millis()))
                .map(inserted -> inserted.rowCount() == 1);
    }

    private static void rollBack(final Transaction transaction) {
        // A failed command has rolled the transaction back already; a rollback then fails, harmlessly.
        transaction.rollback().onFailure(failure -> LOG.debug("Rolling the inbox's transaction back failed", failure));
    }

    /** Blocking, on the purging virtual thread: one short transaction per batch. */
    @Override
    public int purge(final Instant receivedBefore) {
        int purged = 0;
        int batch;
        do {
            batch = Awaiting.result(pool.preparedQuery(PURGE).execute(Tuple.of(receivedBefore.toEpochMilli())))
                    .rowCount();
            purged += batch;
        } while (batch == PURGE_BATCH && !Thread.currentThread().isInterrupted()); // stopping: the rest next time
        return purged;
    }
}
