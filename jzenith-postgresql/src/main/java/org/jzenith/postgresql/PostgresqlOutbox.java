package org.jzenith.postgresql;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;

/**
 * The transactional outbox of the reactive PostgreSQL plugin ({@code
 * PostgresqlPlugin.create().withOutbox()}): {@link #publish} writes an event into the reactive
 * transaction open on the connection it is given, so the event commits or rolls back with the
 * business change, and the Kafka plugin's relay sends it to the channel's topic after the commit, at
 * least once and in order per key. The commit also notifies the relays of all instances ({@code
 * LISTEN/NOTIFY}), so none waits for its poll.
 *
 * <pre>{@code
 * @Inject UserDao(Pool pool, PostgresqlOutbox outbox) { ... }
 *
 * Future<Void> create(UUID id, String name) {
 *     return pool.withTransaction(connection -> connection
 *             .preparedQuery("INSERT INTO users (id, name) VALUES ($1, $2)")
 *             .execute(Tuple.of(id, name))
 *             .compose(inserted -> outbox.publish(connection, "users.events", id.toString(),
 *                     UserEvent.created(id, name))));                     // the same transaction
 * }
 * }</pre>
 *
 * <p>It is the reactive counterpart of {@link org.jzenith.core.outbox.Outbox}, whose {@code publish}
 * joins the transaction open on the calling thread: a reactive transaction belongs to a connection,
 * not to a thread, so it is passed in. Never blocks; thread-safe.
 */
public interface PostgresqlOutbox {

    /**
     * Writes {@code event} for {@code channel}, keyed by {@code key} (events of one key are sent in the
     * order published), in the transaction open on {@code transaction}. The event is written as the
     * relay's channel writes it: {@code String} and {@code byte[]} as they are, anything else as JSON.
     * The future completes when the row is written (not committed); compose the transaction's next
     * step, or its end, on it.
     *
     * <p>The future fails, and so should the transaction, with {@link
     * org.jzenith.core.outbox.OutboxFullException} when {@code outbox.max-pending} events wait already
     * (the REST plugin answers it with 503), and with {@link IllegalStateException} when {@code
     * transaction} has no transaction open (a connection of {@code pool.withTransaction}, or after
     * {@code begin()}), rather than write an event that nothing ties to a commit.
     */
    Future<Void> publish(SqlConnection transaction, String channel, String key, Object event);
}
