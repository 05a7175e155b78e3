package org.jzenith.outbox.log;

import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.jzenith.core.errors.Failures;
import org.jzenith.core.spi.outbox.OutboxRecord;
import org.postgresql.PGConnection;
import org.postgresql.replication.LogSequenceNumber;
import org.postgresql.replication.PGReplicationStream;
import org.postgresql.util.PSQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One stream of the slot, while this instance is its single active reader: a replication connection
 * of its own and a virtual thread that reads the committed transactions' messages of the outbox's
 * prefix into a buffer, in commit order, and confirms the slot's flushed position only up to what the
 * relay acknowledged ({@link #confirm}). A transaction's position is confirmed only once all its
 * events are: after a crash, the server streams again every transaction not wholly confirmed.
 *
 * <p>While nothing waits in the buffer, the position confirmed follows the server's (its keepalives),
 * so that the slot holds back no log for transactions without events.
 *
 * <p>Only the reader thread touches the stream (PgJDBC's stream is not thread-safe); the buffer and
 * the position to confirm are guarded by this object. Thread-safe.
 */
final class ReplicationSession implements AutoCloseable {

    /** The server's answer to a start while another connection streams the slot: object in use. */
    static final String SLOT_IN_USE = "55006";

    /** The server's answer to a start of a slot that does not exist. */
    static final String NO_SUCH_SLOT = "42704";

    private static final Logger LOG = LoggerFactory.getLogger(ReplicationSession.class);
    private static final long MIN_IDLE_NANOS = TimeUnit.MICROSECONDS.toNanos(500);
    // Bounds how late an event committed by another instance is seen, and the idle reader's wake-ups.
    private static final long MAX_IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final Duration STATUS_INTERVAL = Duration.ofSeconds(1);

    /** One event read and not yet confirmed; {@code confirms} is its transaction's end when it is the last of it, else 0. */
    private record Buffered(OutboxRecord record, long confirms) {}

    private final Connection connection;
    private final PGReplicationStream stream;
    private final String prefix;
    private final Runnable arrived;
    private final AtomicLong ids;
    private final ArrayDeque<Buffered> buffer = new ArrayDeque<>();
    /** Events in the buffer that were set aside: skipped by pending, done for the confirmed position. */
    private final Set<Long> settled = new HashSet<>();

    private final List<ByteBuffer> transaction = new ArrayList<>();
    private final Thread reader;
    private volatile boolean running = true;
    private volatile Optional<String> failure = Optional.empty();
    // Guarded by this: the position the relay's acknowledgements allow to confirm.
    private long confirmable;
    private boolean inTransaction;
    // The reader's alone.
    private long flushed;

    private ReplicationSession(
            final Connection connection,
            final PGReplicationStream stream,
            final String slot,
            final Runnable arrived,
            final AtomicLong ids) {
        this.connection = connection;
        this.stream = stream;
        this.prefix = slot;
        this.arrived = arrived;
        this.ids = ids;
        this.reader = Thread.ofVirtual().name("jzenith-outbox-slot").unstarted(this::read);
    }

    /**
     * Starts streaming {@code slot} from its confirmed position; empty when another connection streams
     * it (another instance relays). {@code arrived} runs, on the reader thread, when events arrive;
     * {@code ids} numbers them across sessions, so an id of an ended session never matches a new one.
     */
    static Optional<ReplicationSession> open(
            final ReplicationTarget target, final String slot, final Runnable arrived, final AtomicLong ids)
            throws SQLException {
        final Connection connection = target.openReplication();
        try {
            final PGConnection replication = connection.unwrap(PGConnection.class);
            PGReplicationStream stream;
            try {
                stream = start(replication, slot);
            } catch (final PSQLException e) {
                if (SLOT_IN_USE.equals(e.getSQLState())) {
                    connection.close();
                    return Optional.empty();
                }
                if (!NO_SUCH_SLOT.equals(e.getSQLState())) {
                    throw e;
                }
                LOG.warn(
                        "The log outbox's replication slot {} is missing (dropped?); creating it again: events"
                                + " committed while it was missing are not relayed",
                        slot);
                replication
                        .getReplicationAPI()
                        .createReplicationSlot()
                        .logical()
                        .withSlotName(slot)
                        .withOutputPlugin(SlotSetup.PLUGIN)
                        .make();
                stream = start(replication, slot);
            }
            final ReplicationSession session = new ReplicationSession(connection, stream, slot, arrived, ids);
            session.reader.start();
            return Optional.of(session);
        } catch (final SQLException | RuntimeException e) {
            closeQuietly(connection);
            throw e;
        }
    }

    private static PGReplicationStream start(final PGConnection replication, final String slot) throws SQLException {
        return replication
                .getReplicationAPI()
                .replicationStream()
                .logical()
                .withSlotName(slot)
                .withSlotOption("proto_version", "1")
                .withSlotOption("publication_names", slot)
                .withSlotOption("messages", "true")
                .withStatusInterval((int) STATUS_INTERVAL.toMillis(), TimeUnit.MILLISECONDS)
                .start();
    }

    /** Whether it still streams; when not, {@link #failure} says why. */
    boolean alive() {
        return running && failure.isEmpty();
    }

    /** Why the stream ended; empty while it runs. */
    Optional<String> failure() {
        return failure;
    }

    /** Up to {@code limit} events read and not yet confirmed, oldest first; none that was set aside. */
    synchronized List<OutboxRecord> pending(final int limit) {
        final List<OutboxRecord> records = new ArrayList<>(Math.min(limit, buffer.size()));
        for (final Buffered buffered : buffer) {
            if (records.size() == limit) {
                break;
            }
            if (!settled.contains(buffered.record().id())) {
                records.add(buffered.record());
            }
        }
        return records;
    }

    /** Events read and not yet confirmed, not counting those set aside. */
    synchronized int buffered() {
        return buffer.size() - settled.size();
    }

    /** When the oldest event waiting to be sent was published. */
    synchronized Optional<Instant> oldest() {
        return buffer.stream()
                .filter(buffered -> !settled.contains(buffered.record().id()))
                .findFirst()
                .map(buffered -> buffered.record().createdAt());
    }

    /** The event {@code id} when it was read and is neither confirmed nor set aside. */
    synchronized Optional<OutboxRecord> unsettled(final long id) {
        if (settled.contains(id)) {
            return Optional.empty();
        }
        return buffer.stream()
                .map(Buffered::record)
                .filter(record -> record.id() == id)
                .findFirst();
    }

    /**
     * The event {@code id} was set aside (kept elsewhere, durably): it is sent no more and counts as done
     * for the slot's confirmed position, as an acknowledged event does.
     */
    void settle(final long id) {
        synchronized (this) {
            settled.add(id);
        }
        confirm(List.of());
    }

    /**
     * The relay acknowledged the events {@code ids}: drops the longest run of them at the buffer's head,
     * and lets the reader confirm the end of the last transaction wholly in it. Events acknowledged
     * after one that was not stay, and are sent again: later, never lost.
     */
    void confirm(final List<Long> ids) {
        final Set<Long> acknowledged = new HashSet<>(ids);
        synchronized (this) {
            while (!buffer.isEmpty()
                    && (acknowledged.contains(buffer.peekFirst().record().id())
                            || settled.remove(buffer.peekFirst().record().id()))) {
                final Buffered done = buffer.removeFirst();
                if (done.confirms() > confirmable) {
                    confirmable = done.confirms();
                }
            }
        }
        LockSupport.unpark(reader);
    }

    /** Reads at once rather than after its idle pause: a transaction of this instance just committed events. */
    void nudge() {
        LockSupport.unpark(reader);
    }

    /** Stops reading and closes the connection; events not confirmed are streamed again to the next reader. */
    @Override
    public void close() {
        running = false;
        LockSupport.unpark(reader);
        try {
            if (!reader.join(Duration.ofSeconds(2))) {
                reader.interrupt();
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closeQuietly(connection);
    }

    private void read() {
        long idle = MIN_IDLE_NANOS;
        try {
            while (running) {
                final ByteBuffer data = stream.readPending();
                if (data != null) {
                    take(PgOutput.read(data));
                    idle = MIN_IDLE_NANOS;
                    continue;
                }
                flush();
                LockSupport.parkNanos(idle);
                idle = Math.min(idle * 2, MAX_IDLE_NANOS);
            }
            // A graceful stop confirms what was acknowledged, so the next reader sends none of it again.
            flush();
        } catch (final SQLException | RuntimeException e) {
            if (running) {
                failure = Optional.of(Failures.describe(e));
                LOG.warn("Reading the log outbox's replication slot {} failed: {}", prefix, failure.get());
            }
        } finally {
            try {
                if (!stream.isClosed()) {
                    stream.close();
                }
            } catch (final SQLException e) {
                LOG.debug("Closing the log outbox's replication stream failed", e);
            }
        }
    }

    private void take(final PgOutput.Message message) {
        switch (message) {
            case PgOutput.Begin begin -> {
                synchronized (this) {
                    inTransaction = true;
                }
                transaction.clear();
            }
            case PgOutput.Emitted emitted -> {
                if (emitted.transactional() && prefix.equals(emitted.prefix())) {
                    transaction.add(emitted.content());
                }
            }
            case PgOutput.Commit commit -> {
                final boolean any = !transaction.isEmpty();
                synchronized (this) {
                    for (int i = 0; i < transaction.size(); i++) {
                        final OutboxRecord record = LogEvent.read(ids.incrementAndGet(), transaction.get(i));
                        buffer.addLast(new Buffered(record, i == transaction.size() - 1 ? commit.endLsn() : 0));
                    }
                    inTransaction = false;
                }
                transaction.clear();
                if (any) {
                    arrived.run();
                }
            }
            case PgOutput.Other other -> {
                // relations and rows: none through the empty publication
            }
        }
    }

    /** Tells the server the position it may forget the log before, when it moved. */
    private void flush() throws SQLException {
        final long target;
        synchronized (this) {
            target = buffer.isEmpty() && !inTransaction
                    ? Math.max(confirmable, stream.getLastReceiveLSN().asLong())
                    : confirmable;
        }
        if (target > flushed) {
            final LogSequenceNumber position = LogSequenceNumber.valueOf(target);
            stream.setFlushedLSN(position);
            stream.setAppliedLSN(position);
            stream.forceUpdateStatus();
            flushed = target;
        }
    }

    private static void closeQuietly(final Connection connection) {
        try {
            connection.close();
        } catch (final SQLException e) {
            LOG.debug("Closing the log outbox's replication connection failed", e);
        }
    }
}
