package org.jzenith.postgresql;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Transaction;
import java.util.Objects;
import java.util.function.Function;

/**
 * Reactive transactions one round trip shorter than {@link Pool#withTransaction(Function)}.
 *
 * <p>Vert.x's {@code withTransaction} waits for the server's answer to {@code BEGIN} before it runs
 * the work, so a transaction of one pipelined batch of statements costs three round trips: {@code
 * BEGIN}, the statements, {@code COMMIT}. Here the work runs at once: its first statements travel
 * with {@code BEGIN} (Vert.x pipelines a connection's commands), and the transaction costs two. What
 * happens on failure is the same: a failed statement, a failed future or an exception from the
 * work rolls the transaction back, and the caller gets that failure; the connection goes back to
 * the pool in every case.
 *
 * <pre>{@code
 * Future<User> created = PostgresqlTransactions.withTransaction(pool, connection -> {
 *     Future<?> inserted = connection.preparedQuery(INSERT).execute(Tuple.of(id, name));
 *     Future<Void> published = outbox.publish(connection, "users", id, new UserCreated(id, name));
 *     return inserted.compose(done -> published).map(user);
 * });
 * }</pre>
 */
public final class PostgresqlTransactions {

    private PostgresqlTransactions() {}

    /**
     * Runs {@code work} in a transaction on a connection of {@code pool}, sending {@code BEGIN} with
     * its first statements; commits when its future succeeds, rolls back when it fails.
     */
    public static <T> Future<T> withTransaction(final Pool pool, final Function<SqlConnection, Future<T>> work) {
        Objects.requireNonNull(pool, "pool");
        Objects.requireNonNull(work, "work");
        return pool.getConnection()
                .compose(connection -> inTransaction(connection, work).eventually(connection::close));
    }

    private static <T> Future<T> inTransaction(
            final SqlConnection connection, final Function<SqlConnection, Future<T>> work) {
        // Begun, not yet answered: the statements the work sends now follow BEGIN on the wire.
        final Future<Transaction> begun = connection.begin();
        Future<T> done;
        try {
            done = Objects.requireNonNull(work.apply(connection), "the transaction's work returned no future");
        } catch (final RuntimeException e) {
            done = Future.failedFuture(e);
        }
        final Future<T> result = done;
        return begun.compose(transaction -> result.transform(outcome -> outcome.succeeded()
                ? transaction.commit().map(outcome.result())
                : transaction.rollback().transform(ignored -> Future.failedFuture(outcome.cause()))));
    }
}
