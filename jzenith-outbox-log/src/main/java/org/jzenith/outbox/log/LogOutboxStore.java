package org.jzenith.outbox.log;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.jzenith.core.spi.outbox.OutboxRecord;
import org.jzenith.core.spi.outbox.OutboxStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The relay's side of the log outbox ({@code outbox.mode=log}): the events committed with {@code
 * pg_logical_emit_message(true, <slot>, <frame>)} ({@link #frame}), read from the logical replication
 * slot {@code outbox.log.slot} with {@code pgoutput}, in commit order. It is an {@link OutboxStore}, so
 * the relay drives it as it drives a table:
 *
 * <ul>
 *   <li>{@link #lease}: holds the slot's single active reader, a replication connection of its own
 *       ({@link ReplicationSession}). A second instance's attempt fails while the first streams, and
 *       succeeds once the first stopped or died (the server ends its connection): that is the
 *       failover, without a lease table. {@code owner} and {@code duration} do not apply.
 *   <li>{@link #pending}: the events read and not yet confirmed, oldest first; their ids are positions
 *       numbered in commit order by this instance.
 *   <li>{@link #markSent}: confirms the slot's flushed position up to the end of the last transaction
 *       whose events were all acknowledged, never further, and returns once that position was written
 *       to the server; what is not confirmed is streamed again after a crash or takeover (the same
 *       event ids: at least once), so a crash sends again at most the batch being confirmed.
 *   <li>{@link #setAside}: keeps an event the broker refused for good in {@code jzenith_outbox_failed}
 *       and lets the slot move past it.
 *   <li>{@link #purge}: nothing to delete; the server forgets the log behind the confirmed position.
 *   <li>{@link #backlog}: the events read and not yet confirmed by this instance (0 on a standby), and
 *       it measures the write-ahead log the slot holds back ({@link RetainedWal}), which is the
 *       log store's true backlog and its bound.
 *   <li>{@link #listen}: wakes the relay when events arrive on the stream.
 * </ul>
 *
 * <p>For store plugins ({@code JdbcPlugin}, {@code PostgresqlPlugin}), not applications. Blocking,
 * as {@link OutboxStore}; thread-safe.
 */
public final class LogOutboxStore implements OutboxStore {

    private static final Logger LOG = LoggerFactory.getLogger(LogOutboxStore.class);

    private final Supplier<ReplicationTarget> target;
    private final String slot;
    private final RetainedWal retained;
    private final Supplier<SlotStatus> measure;
    private final SetAsideEvents setAside;
    private final Clock clock = Clock.systemUTC();
    private final AtomicLong ids = new AtomicLong();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private final Object sessionLock = new Object();
    private volatile Optional<ReplicationSession> session = Optional.empty();

    private LogOutboxStore(
            final Supplier<ReplicationTarget> target,
            final String slot,
            final RetainedWal retained,
            final Supplier<SlotStatus> measure,
            final SetAsideEvents setAside) {
        this.target = target;
        this.slot = slot;
        this.retained = retained;
        this.measure = measure;
        this.setAside = setAside;
    }

    /**
     * The store of {@code slot} on {@code target} (asked when the relay first reads: the plugin's
     * connection is known once it started); {@code measure} reads the slot's status ({@link
     * SlotStatus#query}) on one of the plugin's own connections, and its result goes to {@code
     * retained}; {@code setAside} keeps the events the broker refuses for good.
     *
     * <pre>{@code
     * LogOutboxStore store =
     *         LogOutboxStore.of(target, "jzenith_outbox", retained, () -> measureOnThePool(), failedTable);
     * }</pre>
     */
    public static LogOutboxStore of(
            final Supplier<ReplicationTarget> target,
            final String slot,
            final RetainedWal retained,
            final Supplier<SlotStatus> measure,
            final SetAsideEvents setAside) {
        SlotSetup.requirePlainName(slot);
        return new LogOutboxStore(
                Objects.requireNonNull(target, "target"),
                slot,
                Objects.requireNonNull(retained, "retained"),
                Objects.requireNonNull(measure, "measure"),
                Objects.requireNonNull(setAside, "setAside"));
    }

    /**
     * The SQL that writes one event in the caller's transaction, its one parameter (marked {@code
     * parameter}: {@code ?} for JDBC, {@code $1} for the reactive client) the {@link #frame}.
     */
    public static String emit(final String slot, final String parameter) {
        SlotSetup.requirePlainName(slot);
        return "SELECT pg_logical_emit_message(true, '" + slot + "', " + parameter + "::bytea)";
    }

    /** The bytes of one event, as {@link #emit} writes them ({@link LogEvent}'s frame). */
    public static byte[] frame(
            final UUID eventId,
            final Instant createdAt,
            final String channel,
            final String key,
            final Optional<String> traceParent,
            final byte[] payload) {
        return LogEvent.write(eventId, createdAt, channel, key, traceParent, payload);
    }

    /** A transaction of this instance committed events: the reader reads at once. */
    public void committed() {
        session.ifPresent(ReplicationSession::nudge);
    }

    @Override
    public boolean lease(final String owner, final Duration duration) {
        synchronized (sessionLock) {
            final Optional<ReplicationSession> current = session;
            if (current.isPresent() && current.get().alive()) {
                return true;
            }
            current.ifPresent(ended -> {
                LOG.warn(
                        "The log outbox lost its replication slot {}: {}; reading it again",
                        slot,
                        ended.failure().orElse("the stream ended"));
                ended.close();
                session = Optional.empty();
            });
            try {
                session = ReplicationSession.open(target.get(), slot, this::arrived, ids);
            } catch (final SQLException e) {
                throw new IllegalStateException("cannot read the replication slot " + slot + ": " + e.getMessage(), e);
            }
            return session.isPresent();
        }
    }

    @Override
    public void release(final String owner) {
        synchronized (sessionLock) {
            session.ifPresent(ReplicationSession::close);
            session = Optional.empty();
        }
    }

    @Override
    public List<OutboxRecord> pending(final int limit) {
        return session.map(current -> current.pending(limit)).orElse(List.of());
    }

    @Override
    public void markSent(final List<Long> ids) {
        if (!ids.isEmpty()) {
            session.ifPresent(current -> current.confirm(ids));
        }
    }

    /**
     * Keeps the event in {@code jzenith_outbox_failed} ({@link SetAsideEvents}), then lets the slot move
     * past it as if it had been sent: the events behind it flow. Only the slot's reader has it; an id it
     * does not hold (set aside already, confirmed, or read by no one here) changes nothing.
     */
    @Override
    public void setAside(final long id, final String error) {
        session.ifPresent(current -> current.unsettled(id).ifPresent(record -> {
            setAside.keep(record, clock.instant(), SetAsideEvents.cut(error));
            current.settle(id);
        }));
    }

    /** Nothing to delete: the server forgets the log behind the slot's confirmed position. */
    @Override
    public int purge(final Instant sentBefore) {
        return 0;
    }

    /**
     * The events this instance read and has not confirmed (none on a standby), the oldest's time;
     * measures the log the slot holds back meanwhile, for the bound and the readiness check.
     */
    @Override
    public Backlog backlog() {
        retained.measured(measure.get());
        final long kept = setAside.count();
        return session.map(current -> new Backlog(current.buffered(), current.oldest(), kept))
                .orElseGet(() -> new Backlog(0, Optional.empty(), kept));
    }

    /** The slot's status, measured now (blocking). */
    public SlotStatus status() {
        return retained.measured(measure.get());
    }

    /** The bound on what the slot holds back. */
    public RetainedWal retained() {
        return retained;
    }

    /** The slot's name. */
    public String slot() {
        return slot;
    }

    /** The relay wakes when events arrive, not at commit: a commit is read from the stream a moment later. */
    @Override
    public void onCommit(final Runnable wake) {
        // Nothing to read at commit yet; arrived() wakes the relay (listen) once the stream brings it.
    }

    @Override
    public Listening listen(final Runnable wake) {
        Objects.requireNonNull(wake, "wake");
        listeners.add(wake);
        return () -> listeners.remove(wake);
    }

    private void arrived() {
        listeners.forEach(Runnable::run);
    }
}
