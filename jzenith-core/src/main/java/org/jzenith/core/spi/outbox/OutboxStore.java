package org.jzenith.core.spi.outbox;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The store side of the transactional outbox, which a store plugin (JDBC) implements and a relay
 * (Kafka) drives. Only the instance that holds the lease reads and marks events: that keeps the
 * order per key across instances, which row locks with {@code SKIP LOCKED} would not (a second
 * instance would skip a locked event and send the next one of the same key first). All methods
 * block: call them on virtual threads. Thread-safe.
 */
public interface OutboxStore {

    /**
     * Takes or renews the relay's lease for {@code owner} until {@code duration} from now; false when
     * another owner holds an unexpired lease. One atomic conditional UPDATE, on every database.
     */
    boolean lease(String owner, Duration duration);

    /** Gives the lease up, so that another instance takes over without waiting for it to expire. */
    void release(String owner);

    /** Up to {@code limit} unsent events, oldest first. */
    List<OutboxRecord> pending(int limit);

    /** Marks the events with {@code ids} sent. */
    void markSent(List<Long> ids);

    /**
     * Sets the unsent event {@code id} aside for good, because the broker refused it in a way that
     * sending it again cannot cure (too large for its topic, not authorized, an invalid topic name);
     * {@code error} says how, such as {@code "RecordTooLargeException: The message is 1048660 bytes
     * ..."}. The relay calls it, as the holder of the lease, between one {@link #pending} and the next,
     * as it calls {@link #markSent}.
     *
     * <p>The contract every store keeps:
     *
     * <ul>
     *   <li>When it returns, the change is durable (committed), and {@link #pending} never returns the
     *       event again: the events behind it, those of its key too, are sent next.
     *   <li>The event is not counted in {@link Backlog#pending()} or {@link Backlog#oldest()}, and is
     *       counted in {@link Backlog#setAside()}.
     *   <li>{@link #purge} does not delete it. It is kept with all it was published with (event id,
     *       channel, key, payload, creation time, trace context), when it was set aside and {@code
     *       error}, until an operator deletes it or publishes it again, in a way the store documents
     *       (the JDBC and PostgreSQL stores: the table {@code jzenith_outbox_failed}, see
     *       docs/messaging.md).
     *   <li>A store may cut {@code error} to its first 1,000 characters; it never fails for a longer one.
     *   <li>It is idempotent: an id that is set aside already, sent, or unknown changes nothing and does
     *       not fail.
     * </ul>
     */
    void setAside(long id, String error);

    /** Deletes events sent before {@code sentBefore}; the number deleted. */
    int purge(Instant sentBefore);

    /** The events waiting now. */
    Backlog backlog();

    /** Calls {@code wake} after each transaction that published commits, so the relay sends at once. */
    void onCommit(Runnable wake);

    /**
     * Calls {@code wake} when any instance, this one or another, commits events, where the database
     * can tell (PostgreSQL's {@code LISTEN/NOTIFY}), until the result is closed; also after each
     * reconnect, for what was committed while it listened to nothing. The default listens to nothing:
     * the relay's poll finds other instances' events. Never blocks; calls {@code wake} on a thread of
     * its own.
     */
    default Listening listen(final Runnable wake) {
        return Listening.NONE;
    }

    /** A {@link #listen} in progress; {@link #close} ends it and waits, briefly, for its thread. */
    interface Listening extends AutoCloseable {

        /** Listening to nothing. */
        Listening NONE = () -> {};

        @Override
        void close();
    }

    /**
     * Unsent events, and those set aside.
     *
     * @param pending how many wait to be sent (not counting those set aside)
     * @param oldest when the oldest of those was published; empty when none waits
     * @param setAside how many the broker refused for good and were set aside ({@link #setAside}), all
     *     kept until an operator deals with them
     */
    record Backlog(long pending, Optional<Instant> oldest, long setAside) {}
}
