package org.jzenith.postgresql;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;
import java.util.function.Function;

/**
 * The idempotent inbox of the reactive PostgreSQL plugin ({@code PostgresqlPlugin.create().withOutbox()}):
 * a message's id is a row of {@code jzenith_inbox}, written in one reactive transaction with the
 * consumer's own writes, so an applied message and its record commit together and a copy of it is
 * dropped. Two ways to use it:
 *
 * <p>A Kafka {@code @Idempotent} method (it runs on a virtual thread) writes through {@link
 * #transaction()}, the connection of the transaction the plugin opened for the message, and waits
 * for its writes before it returns:
 *
 * <pre>{@code
 * @Incoming("users.events")
 * @Idempotent
 * void apply(final UserEvent event) {
 *     inbox.transaction().preparedQuery("INSERT INTO audit (user_id, type) VALUES ($1, $2)")
 *             .execute(Tuple.of(event.userId(), event.type()))
 *             .await();                                           // in the inbox's transaction
 * }
 * }</pre>
 *
 * <p>Reactive code names the message itself with {@link #once}:
 *
 * <pre>{@code
 * inbox.once(event.eventId().toString(), "users.events", connection -> connection
 *         .preparedQuery("INSERT INTO audit (user_id, type) VALUES ($1, $2)")
 *         .execute(Tuple.of(event.userId(), event.type())));      // Future<Boolean>: false for a copy
 * }</pre>
 *
 * <p>Thread-safe.
 */
public interface PostgresqlInbox {

    /**
     * The connection of the inbox's transaction for the message an {@code @Idempotent} method applies
     * on this thread: its commands commit with the message's record, or roll back with it when the
     * method fails. Wait for them ({@code .await()}) before the method returns.
     *
     * @throws IllegalStateException outside an {@code @Idempotent} method
     */
    SqlConnection transaction();

    /**
     * Runs {@code work} on the connection of one reactive transaction with the record of {@code
     * messageId}, or does nothing when that id was recorded before: true when {@code work} ran, false
     * for a copy. A failure of {@code work} (or of its future) rolls both back and fails the result.
     * Two copies applied at once: one waits for the other's commit, then finds the id.
     */
    Future<Boolean> once(String messageId, String channel, Function<SqlConnection, Future<?>> work);
}
