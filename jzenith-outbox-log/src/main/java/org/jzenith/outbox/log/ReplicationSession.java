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
 * <p>How the reader waits. While the buffer is empty the relay has nothing to confirm, so the reader
 * blocks in PgJDBC's {@link PGReplicationStream#read()} until the server sends something: no polling,
 * and PgJDBC still answers the server each status interval, following its keepalives (automatic
 * flush: only once everything read was confirmed). While events wait in the buffer, the relay will
 * confirm them, and a confirm must reach the server at once (what is acknowledged and not confirmed is
 * sent again after a crash): then the reader polls the stream ({@code readPending}) until it is empty,
 * and sleeps until {@link #confirm}, {@link #nudge} (a commit of this instance) or {@link #close} wakes
 * it, or 20 ms passed (an event another instance committed waits that long while the relay is busy).
 * {@link #confirm} returns once the position it allows was written to the server, so that what a crash
 * sends again is at most the batch the relay was confirming. A reader blocked on the server is stopped by
 * an interrupt, which closes its connection (the JDK's virtual threads do that in socket reads): it
 * holds nothing acknowledged and unconfirmed then.
 *
 * <p>While nothing waits in the buffer, the position confirmed follows the server's (its keepalives),
 * so that the slot holds back no log for transactions without events. Past {@value #MAX_BUFFERED_BYTES}
 * bytes of events waiting (the broker away), the reader reads no more and leaves them in the log, whose
 * bound is {@code outbox.log.max-retained-wal-mb}, rather than in the heap; it keeps answering the server.
 *
 * <p>Only the reader thread touches the stream (PgJDBC's stream is not thread-safe); the buffer and
 * the positions are guarded by this object. Thread-safe.
 */
final class ReplicationSession implements AutoCloseable {

    /** The server's answer to a start while another connection streams the slot: object in use. */
    static final String SLOT_IN_USE = "55006";

    /** The server's answer to a start of a slot that does not exist. */
    static final String NO_SUCH_SLOT = "42704";

    /** Bytes of events read and not confirmed past which the reader reads no more until the relay confirms. */
    static final long MAX_BUFFERED_BYTES = 16L * 1024 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(ReplicationSession.class);
    // Bounds how late an event committed by another instance is read while the relay works on others.
    private static final long PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final Duration STATUS_INTERVAL = Duration.ofSeconds(1);
    private static final long STOP_GRACE_SECONDS = 2;
    private static final Duration STOP_GRACE = Duration.ofSeconds(STOP_GRACE_SECONDS);

    /** One event read and not yet confirmed; {@code confirms} is its transaction's end when it is the last of it, else 0. */
    private record Buffered(OutboxRecord record, long confirms, int bytes) {}

    private final Connection connection;
    private final PGReplicationStream stream;
    private final String prefix;
    private final Runnable arrived;
    private final AtomicLong ids;
    private final long maxBufferedBytes;
    private final ArrayDeque<Buffered> buffer = new ArrayDeque<>();
    /**
     * Events in the buffer that were acknowledged or set aside behind one that was not yet: skipped by
     * pending (never sent again), dropped with the head of the buffer once everything before them is done.
     */
    private final Set<Long> settled = new HashSet<>();

    private final List<ByteBuffer> transaction = new ArrayList<>();
    private final Thread reader;
    private volatile boolean running = true;
    // Whether the reader blocks in the stream's read(): then an interrupt, not an unpark, stops it.
    private volatile boolean waitingOnServer;
    // Whether the reader holds back, its buffer full; for tests.
    private volatile boolean holdingBack;
    private volatile Optional<String> failure = Optional.empty();
    // Guarded by this: the position the relay's acknowledgements allow to confirm, the position last
    // written to the server, whether a transaction is half read, the bytes buffered, and whether the
    // reader has ended.
    private long confirmable;
    private long flushed;
    private boolean inTransaction;
    private long bufferedBytes;
    private boolean ended;

    private ReplicationSession(
            final Connection connection,
            final PGReplicationStream stream,
            final String slot,
            final Runnable arrived,
            final AtomicLong ids,
            final long maxBufferedBytes) {
        this.connection = connection;
        this.stream = stream;
        this.prefix = slot;
        this.arrived = arrived;
        this.ids = ids;
        this.maxBufferedBytes = maxBufferedBytes;
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
        return open(target, slot, arrived, ids, MAX_BUFFERED_BYTES);
    }

    /** {@link #open(ReplicationTarget, String, Runnable, AtomicLong)}, holding back past {@code maxBufferedBytes}. */
    static Optional<ReplicationSession> open(
            final ReplicationTarget target,
            final String slot,
            final Runnable arrived,
            final AtomicLong ids,
            final long maxBufferedBytes)
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
            final ReplicationSession session =
                    new ReplicationSession(connection, stream, slot, arrived, ids, maxBufferedBytes);
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
                // PgJDBC answers the server this often while the reader blocks in read(), and waits on
                // the socket at most this long at a time.
                .withStatusInterval((int) STATUS_INTERVAL.toMillis(), TimeUnit.MILLISECONDS)
                // On a keepalive, PgJDBC confirms the server's position only when everything read was
                // confirmed already: that is how a reader blocked in read() follows the server while idle.
                .withAutomaticFlush(true)
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

    /** Whether the reader blocks on the server now, with nothing for the relay to confirm. */
    boolean waitingOnServer() {
        return waitingOnServer;
    }

    /** Whether the reader reads no more now, its buffer past its bound. */
    boolean holdingBack() {
        return holdingBack;
    }

    /** The position last written to the server as confirmed. */
    synchronized long flushed() {
        return flushed;
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
     * The relay acknowledged the events {@code ids}: they are sent no more, and the reader confirms the
     * end of the last transaction wholly done (acknowledged or set aside) at the buffer's head. An event
     * acknowledged behind one that was not waits in the buffer, unsent, until the one before it is done:
     * only what was not acknowledged is sent again. Returns once that position was written to the server
     * (or the stream ended, or {@value #STOP_GRACE_SECONDS} s passed), so that a crash after it sends
     * none of these again.
     */
    void confirm(final List<Long> ids) {
        final long position;
        synchronized (this) {
            final long before = confirmable;
            if (!buffer.isEmpty()) {
                // Ids grow in read order: those of this buffer lie between its first and last. One of an
                // earlier session, or confirmed already, is below it and changes nothing.
                final long first = buffer.peekFirst().record().id();
                final long last = buffer.peekLast().record().id();
                for (final long id : ids) {
                    if (id >= first && id <= last) {
                        settled.add(id);
                    }
                }
            }
            while (!buffer.isEmpty()
                    && settled.remove(buffer.peekFirst().record().id())) {
                final Buffered done = buffer.removeFirst();
                bufferedBytes -= done.bytes();
                if (done.confirms() > confirmable) {
                    confirmable = done.confirms();
                }
            }
            if (confirmable == before || flushed >= confirmable) {
                return;
            }
            position = confirmable;
        }
        LockSupport.unpark(reader);
        awaitFlushed(position);
    }

    private synchronized void awaitFlushed(final long position) {
        final long deadline = System.nanoTime() + STOP_GRACE.toNanos();
        try {
            while (flushed < position && !ended) {
                final long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Reads at once rather than after its pause: a transaction of this instance just committed events. */
    void nudge() {
        if (!waitingOnServer) {
            LockSupport.unpark(reader);
        }
    }

    /** Stops reading and closes the connection; events not confirmed are streamed again to the next reader. */
    @Override
    public void close() {
        stop();
    }

    /**
     * {@link #close}; whether the reader ended by itself within {@value #STOP_GRACE_SECONDS} s, rather
     * than being interrupted after them.
     */
    boolean stop() {
        running = false;
        // Read after running was written: a reader that set waitingOnServer before it looked at running
        // is seen here, and one that did not yet sees running false and does not block.
        // (A reader that returned from read() just now is interrupted too: it may then fail to confirm
        // its last acknowledgements, which the next reader sends again: at least once still holds.)
        if (waitingOnServer) {
            reader.interrupt();
        } else {
            LockSupport.unpark(reader);
        }
        boolean ended = false;
        try {
            ended = reader.join(STOP_GRACE);
            if (!ended) {
                LOG.warn(
                        "The log outbox's reader of slot {} did not stop within {} s; interrupting it",
                        prefix,
                        STOP_GRACE.toSeconds());
                reader.interrupt();
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closeQuietly(connection);
        return ended;
    }

    private void read() {
        try {
            while (running) {
                flush();
                if (idle()) {
                    holdingBack = false;
                    final ByteBuffer data = awaitServer();
                    if (data != null) {
                        take(PgOutput.read(data));
                    }
                } else if (full()) {
                    holdingBack = true;
                    // Not reading, PgJDBC does not answer the server: tell it we live, or it ends the stream.
                    stream.forceUpdateStatus();
                    LockSupport.parkNanos(STATUS_INTERVAL.toNanos());
                } else {
                    holdingBack = false;
                    final ByteBuffer data = stream.readPending();
                    if (data != null) {
                        take(PgOutput.read(data));
                    } else {
                        // Each empty poll costs a timed socket read: wait for a reason to poll again (a
                        // confirm, a commit of this instance) rather than poll on a clock.
                        LockSupport.parkNanos(PAUSE_NANOS);
                    }
                }
            }
            // A graceful stop confirms what was acknowledged, so the next reader sends none of it again.
            flush();
        } catch (final SQLException | RuntimeException e) {
            if (running) {
                failure = Optional.of(Failures.describe(e));
                LOG.warn("Reading the log outbox's replication slot {} failed: {}", prefix, failure.get());
            }
        } finally {
            synchronized (this) {
                ended = true;
                notifyAll();
            }
            try {
                if (!stream.isClosed()) {
                    stream.close();
                }
            } catch (final SQLException e) {
                LOG.debug("Closing the log outbox's replication stream failed", e);
            }
        }
    }

    /**
     * Blocks until the server sends a message; null when it ended the stream or {@link #stop} came
     * first. Only while the buffer is empty: nothing can be confirmed meanwhile.
     */
    private ByteBuffer awaitServer() throws SQLException {
        waitingOnServer = true;
        try {
            if (!running) {
                return null;
            }
            final ByteBuffer data = stream.read();
            if (data == null && running) {
                throw new SQLException("the server ended the replication stream");
            }
            return data;
        } finally {
            waitingOnServer = false;
        }
    }

    private synchronized boolean idle() {
        return buffer.isEmpty();
    }

    private synchronized boolean full() {
        return bufferedBytes >= maxBufferedBytes && !inTransaction;
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
                        final ByteBuffer frame = transaction.get(i);
                        final int bytes = frame.remaining();
                        final OutboxRecord record = LogEvent.read(ids.incrementAndGet(), frame);
                        buffer.addLast(new Buffered(record, i == transaction.size() - 1 ? commit.endLsn() : 0, bytes));
                        bufferedBytes += bytes;
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

    /** Tells the server the position it may forget the log before, when it moved; wakes a waiting {@link #confirm}. */
    private void flush() throws SQLException {
        final long target;
        synchronized (this) {
            target = buffer.isEmpty() && !inTransaction
                    ? Math.max(confirmable, stream.getLastReceiveLSN().asLong())
                    : confirmable;
            if (target <= flushed) {
                return;
            }
        }
        final LogSequenceNumber position = LogSequenceNumber.valueOf(target);
        stream.setFlushedLSN(position);
        stream.setAppliedLSN(position);
        stream.forceUpdateStatus();
        synchronized (this) {
            flushed = target;
            notifyAll();
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
