package org.jzenith.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jzenith.core.outbox.Outbox;
import org.jzenith.core.outbox.OutboxConfiguration;
import org.jzenith.core.spi.outbox.HeldLease;
import org.jzenith.core.spi.outbox.OutboxBacklog;
import org.jzenith.core.spi.outbox.OutboxCodec;
import org.jzenith.core.spi.outbox.OutboxRecord;
import org.jzenith.core.spi.outbox.OutboxStore;
import org.jzenith.core.spi.outbox.TraceParents;

/**
 * The outbox in the JDBC database: {@link #publish} inserts a row of {@code jzenith_outbox} through
 * the Jdbi handle open on the calling thread (Jdbi hands a nested {@code withHandle} the outer
 * handle), so the row commits or rolls back with the caller's transaction; the relay reads and
 * marks rows through {@link OutboxStore}. On PostgreSQL the insert also notifies {@value
 * OutboxListener#CHANNEL} (delivered at commit, not at all on rollback), which wakes the relay of
 * whichever instance holds the lease ({@link #listen}); while this instance holds it, its commits wake
 * its relay in-process instead ({@link HeldLease}). When the service traces, each row keeps the
 * {@code traceparent} of the span current at publish, which the relay's send continues. Meters
 * {@code outbox_pending} and {@code outbox_oldest_pending_seconds} show the backlog as of the last
 * count (at most a second old while the relay runs). Thread-safe.
 */
@Singleton
final class JdbcOutbox implements Outbox, OutboxStore {

    private static final String RELAY = "relay";
    /** The notification's payload: the schema, so that listeners of other schemas ignore it. */
    static final String POSTGRESQL_SCHEMA = "COALESCE(current_schema(), '')";

    private static final String INSERT =
            "INSERT INTO jzenith_outbox (event_id, channel, record_key, payload, created_at, traceparent)"
                    + " VALUES (:eventId, :channel, :key, :payload, :createdAt, :traceparent)";
    // One round trip: the row, and the notification PostgreSQL delivers when (and if) it commits.
    private static final String INSERT_AND_NOTIFY = "WITH inserted AS (" + INSERT + " RETURNING id)"
            + " SELECT inserted.id FROM inserted, pg_notify('" + OutboxListener.CHANNEL + "', " + POSTGRESQL_SCHEMA
            + ")";
    /** Sent events deleted per statement of {@link #purge}, as the inbox's purge does. */
    static final int PURGE_BATCH = BatchedPurge.BATCH;
    // MariaDB/MySQL refuse LIMIT in an IN subquery, but take it on a single-table DELETE.
    private static final String PURGE_MARIADB = "DELETE FROM jzenith_outbox WHERE sent_at IS NOT NULL AND sent_at <"
            + " :before ORDER BY sent_at LIMIT " + PURGE_BATCH;
    // PostgreSQL has no DELETE ... LIMIT (its partial index of sent events serves the subquery); H2 takes this too.
    private static final String PURGE_OTHERS = "DELETE FROM jzenith_outbox WHERE id IN (SELECT id FROM jzenith_outbox"
            + " WHERE sent_at IS NOT NULL AND sent_at < :before ORDER BY sent_at LIMIT " + PURGE_BATCH + ")";
    // Moves an unsent event to the events set aside, with its error; the DELETE follows in one transaction.
    static final String SET_ASIDE = "INSERT INTO jzenith_outbox_failed (id, event_id, channel, record_key, payload,"
            + " created_at, traceparent, failed_at, error) SELECT id, event_id, channel, record_key, payload, created_at,"
            + " traceparent, :now, :error FROM jzenith_outbox WHERE id = :id AND sent_at IS NULL";
    static final String SET_ASIDE_DELETE = "DELETE FROM jzenith_outbox WHERE id = :id AND sent_at IS NULL";
    /** The longest error kept with an event set aside: the column is {@code VARCHAR(1000)}. */
    static final int MAX_ERROR = 1000;

    private static final String COUNT = "SELECT COUNT(*) AS waiting, MIN(created_at) AS oldest,"
            + " (SELECT COUNT(*) FROM jzenith_outbox_failed) AS set_aside FROM jzenith_outbox WHERE sent_at IS NULL";
    private static final int UNKNOWN = 0;
    private static final int POSTGRESQL = 1;
    private static final int OTHER = 2;

    private final Jdbi jdbi;
    private final OutboxCodec codec;
    private final OutboxBacklog backlog;
    private final Clock clock;
    private final OutboxListener.Connections listenOn;
    // Answers empty at no cost when the service does not trace.
    private final Supplier<Optional<String>> traceParent;
    // Whether the database is PostgreSQL, learnt from the first publish's connection.
    private volatile int database = UNKNOWN;
    private final BatchedPurge purge;
    private final List<Runnable> wakes = new CopyOnWriteArrayList<>();
    private final Runnable wakeAll = () -> wakes.forEach(Runnable::run);
    private final HeldLease held = new HeldLease();

    @Inject
    JdbcOutbox(
            final Jdbi jdbi,
            final Optional<OutboxCodec> codec,
            final OutboxConfiguration configuration,
            final MeterRegistry registry,
            final PooledDataSource pool,
            final OpenTelemetry openTelemetry) {
        this(
                jdbi,
                codec.orElse(JdbcOutbox::missingRelay),
                configuration.maxPending(),
                Clock.systemUTC(),
                () -> dedicatedConnection(pool),
                TraceParents.capture(openTelemetry));
        backlog.withMeters(registry);
    }

    JdbcOutbox(
            final Jdbi jdbi,
            final OutboxCodec codec,
            final long maxPending,
            final Clock clock,
            final OutboxListener.Connections listenOn,
            final Supplier<Optional<String>> traceParent) {
        this.jdbi = jdbi;
        this.purge = new BatchedPurge(jdbi, "the outbox", PURGE_MARIADB, PURGE_OTHERS);
        this.codec = codec;
        this.backlog = new OutboxBacklog(maxPending, clock);
        this.clock = clock;
        this.listenOn = listenOn;
        this.traceParent = traceParent;
    }

    /** A connection to the pool's database outside the pool, named in {@code pg_stat_activity}. */
    private static Connection dedicatedConnection(final PooledDataSource pool) throws SQLException {
        final HikariDataSource running =
                pool.pool().orElseThrow(() -> new SQLException("the JDBC plugin is not running"));
        final Properties properties = new Properties();
        Optional.ofNullable(running.getUsername()).ifPresent(user -> properties.setProperty("user", user));
        Optional.ofNullable(running.getPassword()).ifPresent(password -> properties.setProperty("password", password));
        properties.setProperty("ApplicationName", "jzenith-outbox-listen");
        return DriverManager.getConnection(running.getJdbcUrl(), properties);
    }

    private static byte[] missingRelay(final String channel, final Object event) {
        throw new IllegalStateException("the outbox has no relay to write events for channel '" + channel
                + "'; register KafkaPlugin or RabbitMqPlugin beside JdbcPlugin.create().withOutbox()");
    }

    @Override
    public void publish(final String channel, final String key, final Object event) {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(event, "event");
        final byte[] payload = codec.write(channel, event);
        jdbi.useHandle(handle -> {
            if (!handle.isInTransaction()) {
                throw new IllegalStateException("Outbox.publish to channel '" + channel
                        + "' was called outside a transaction; call it inside jdbi.useTransaction(...) or"
                        + " jdbi.inTransaction(...), with the change it tells about");
            }
            refuseWhenFull(handle);
            final String eventId = UUID.randomUUID().toString();
            final long createdAt = clock.millis();
            final String trace = traceParent.get().orElse(null);
            // Only another instance's relay needs the notification (see HeldLease).
            if (postgresql(handle) && !held.at(createdAt)) {
                handle.createQuery(INSERT_AND_NOTIFY)
                        .bind("eventId", eventId)
                        .bind("channel", channel)
                        .bind("key", key)
                        .bind("payload", payload)
                        .bind("createdAt", createdAt)
                        .bind("traceparent", trace)
                        .mapTo(Long.class)
                        .one();
            } else {
                handle.createUpdate(INSERT)
                        .bind("eventId", eventId)
                        .bind("channel", channel)
                        .bind("key", key)
                        .bind("payload", payload)
                        .bind("createdAt", createdAt)
                        .bind("traceparent", trace)
                        .execute();
            }
            backlog.published();
            handle.afterCommit(wakeAll);
        });
    }

    private boolean postgresql(final Handle handle) {
        int known = database;
        if (known == UNKNOWN) {
            try {
                known = handle.getConnection()
                                .getMetaData()
                                .getDatabaseProductName()
                                .toLowerCase(Locale.ROOT)
                                .startsWith("postgresql")
                        ? POSTGRESQL
                        : OTHER;
            } catch (final SQLException e) {
                throw new IllegalStateException("cannot tell the outbox's database: " + e.getMessage(), e);
            }
            database = known;
        }
        return known == POSTGRESQL;
    }

    /** Throws {@link org.jzenith.core.outbox.OutboxFullException} when the backlog, counted at most a second ago, reached the bound. */
    private void refuseWhenFull(final Handle handle) {
        if (backlog.claimCount()) {
            count(handle);
        }
        backlog.refuseWhenFull();
    }

    @Override
    public boolean lease(final String owner, final Duration duration) {
        final long now = clock.millis();
        final long until = now + duration.toMillis();
        final boolean taken = jdbi.withHandle(handle -> handle.createUpdate("UPDATE jzenith_outbox_lease SET"
                                + " owner = :owner, until_ms = :until WHERE name = :name AND (owner = :owner OR"
                                + " owner IS NULL OR until_ms < :now)")
                        .bind("owner", owner)
                        .bind("until", until)
                        .bind("name", RELAY)
                        .bind("now", now)
                        .execute())
                == 1;
        if (taken) {
            held.until(until);
        } else {
            held.lost();
        }
        return taken;
    }

    @Override
    public void release(final String owner) {
        held.lost();
        jdbi.useHandle(handle -> handle.createUpdate(
                        "UPDATE jzenith_outbox_lease SET owner = NULL, until_ms = 0 WHERE name = :name AND owner = :owner")
                .bind("name", RELAY)
                .bind("owner", owner)
                .execute());
    }

    @Override
    public List<OutboxRecord> pending(final int limit) {
        return jdbi.withHandle(handle -> handle.createQuery(
                        "SELECT id, event_id, channel, record_key, payload, created_at, traceparent FROM jzenith_outbox"
                                + " WHERE sent_at IS NULL ORDER BY id LIMIT :limit")
                .bind("limit", limit)
                .map((row, context) -> new OutboxRecord(
                        row.getLong("id"),
                        row.getString("event_id"),
                        row.getString("channel"),
                        Optional.ofNullable(row.getString("record_key")),
                        row.getBytes("payload"),
                        Instant.ofEpochMilli(row.getLong("created_at")),
                        Optional.ofNullable(row.getString("traceparent"))))
                .list());
    }

    @Override
    public void markSent(final List<Long> ids) {
        if (ids.isEmpty()) {
            return;
        }
        jdbi.useHandle(handle -> handle.createUpdate("UPDATE jzenith_outbox SET sent_at = :now WHERE id IN (<ids>)")
                .bind("now", clock.millis())
                .bindList("ids", ids)
                .execute());
    }

    /** Moves the event to {@code jzenith_outbox_failed} with {@code error}, in one transaction. */
    @Override
    public void setAside(final long id, final String error) {
        final String kept = error.length() > MAX_ERROR ? error.substring(0, MAX_ERROR) : error;
        jdbi.useTransaction(handle -> {
            handle.createUpdate(SET_ASIDE)
                    .bind("now", clock.millis())
                    .bind("error", kept)
                    .bind("id", id)
                    .execute();
            handle.createUpdate(SET_ASIDE_DELETE).bind("id", id).execute();
        });
    }

    /**
     * Deletes the events sent before {@code sentBefore} in batches of {@value #PURGE_BATCH}, each its
     * own short transaction: a first purge of a large table never holds locks on all of it, nor one
     * statement's worth of undo, while requests publish. Stops between batches once its thread is
     * interrupted (the service is stopping): the rest goes at the next purge.
     */
    @Override
    public int purge(final Instant sentBefore) {
        return purge.olderThan(sentBefore);
    }

    @Override
    public Backlog backlog() {
        return jdbi.withHandle(this::count);
    }

    private Backlog count(final Handle handle) {
        return backlog.counted(handle.createQuery(COUNT)
                .map((row, context) -> {
                    final long oldest = row.getLong("oldest");
                    final Optional<Instant> oldestAt =
                            row.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(oldest));
                    return new Backlog(row.getLong("waiting"), oldestAt, row.getLong("set_aside"));
                })
                .one());
    }

    @Override
    public void onCommit(final Runnable wake) {
        wakes.add(wake);
    }

    /** On PostgreSQL, LISTENs on a connection of its own; elsewhere listens to nothing. */
    @Override
    public Listening listen(final Runnable wake) {
        return OutboxListener.start(jdbi, listenOn, Objects.requireNonNull(wake, "wake"));
    }
}
