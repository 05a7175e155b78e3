package org.jzenith.core.outbox;

/**
 * Publishes an event in the same database transaction as the business change it tells about: the
 * event is a row of the store plugin's outbox table, committed or rolled back with the change, and
 * a relay (the Kafka plugin's) sends it to the channel's topic after the commit, at least once and in
 * order per key. A crash anywhere loses no committed event and sends none for a rolled-back change.
 *
 * <pre>{@code
 * @Inject UserService(Jdbi jdbi, Outbox outbox) { ... }
 *
 * jdbi.useTransaction(handle -> {
 *     handle.createUpdate("INSERT INTO users (id, name) VALUES (:id, :name)")...execute();
 *     outbox.publish("users.events", id.toString(), UserEvent.created(id, name));  // same transaction
 * });
 * }</pre>
 *
 * <p>Call it inside the store's transaction on the calling thread (for the JDBC plugin: inside {@code
 * jdbi.useTransaction} / {@code inTransaction}); outside one it throws {@link IllegalStateException}
 * rather than publish an event that nothing ties to a commit. Thread-safe.
 */
public interface Outbox {

    /**
     * Writes {@code event} for {@code channel}, keyed by {@code key} (events of one key are sent in the
     * order published), into the current transaction. The event is written as the relay's channel
     * writes it: {@code String} and {@code byte[]} as they are, anything else as JSON.
     *
     * @throws OutboxFullException when {@code outbox.max-pending} events wait already: the transaction
     *     should fail with it (HTTP 503), rather than let the backlog grow without bound
     * @throws IllegalStateException when no transaction is open on this thread
     */
    void publish(String channel, String key, Object event);
}
