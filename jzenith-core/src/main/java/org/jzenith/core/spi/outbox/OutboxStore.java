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
     * Unsent events.
     *
     * @param pending how many
     * @param oldest when the oldest was published; empty when none waits
     */
    record Backlog(long pending, Optional<Instant> oldest) {}
}
