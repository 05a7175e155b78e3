package org.jzenith.postgresql;

import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Transaction;
import io.vertx.sqlclient.Tuple;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.jzenith.core.outbox.OutboxConfiguration;
import org.jzenith.core.outbox.OutboxFullException;
import org.jzenith.core.spi.outbox.HeldLease;
import org.jzenith.core.spi.outbox.OutboxBacklog;
import org.jzenith.core.spi.outbox.OutboxCodec;
import org.jzenith.core.spi.outbox.OutboxRecord;
import org.jzenith.core.spi.outbox.OutboxStore;
import org.jzenith.core.spi.outbox.TraceParents;

/**
 * The outbox in PostgreSQL through the reactive client: {@link #publish} inserts a row of {@code
 * jzenith_outbox} on the caller's connection, inside its open transaction, and in the same statement
 * notifies {@value #CHANNEL} (PostgreSQL delivers it at commit, not at all on rollback), which wakes
 * the relay of whichever instance holds the lease ({@link #listen}); while this instance holds it, its
 * commits wake its relay in-process instead ({@link HeldLease}). The relay reads and marks rows
 * through {@link OutboxStore}, whose blocking methods wait for the pool's futures on the relay's
 * virtual thread. The backlog's meters and bound are {@link OutboxBacklog}'s. Thread-safe.
 */
@Singleton
final class ReactiveOutbox implements PostgresqlOutbox, OutboxStore {

    /**
     * The channel publishing transactions notify, with their schema as the payload: the JDBC plugin's,
     * so that instances of both plugins on one schema wake each other's relay.
     */
    static final String CHANNEL = "jzenith_outbox";

    /** The schema a notification names, so that listeners of other schemas ignore it. */
    static final String SCHEMA = "COALESCE(current_schema(), '')";

    private static final String INSERT = "INSERT INTO jzenith_outbox"
            + " (event_id, channel, record_key, payload, created_at, traceparent) VALUES ($1, $2, $3, $4, $5, $6)";
    // One round trip: the row, and the notification PostgreSQL delivers when (and if) it commits.
    private static final String INSERT_AND_NOTIFY = "WITH inserted AS (" + INSERT + " RETURNING id)"
            + " SELECT inserted.id FROM inserted, pg_notify('" + CHANNEL + "', " + SCHEMA + ")";
    private static final String COUNT = "SELECT COUNT(*) AS waiting, MIN(created_at) AS oldest,"
            + " (SELECT COUNT(*) FROM jzenith_outbox_failed) AS set_aside FROM jzenith_outbox WHERE sent_at IS NULL";
    // Moves an unsent event to the events set aside with its error, in one statement (one transaction).
    private static final String SET_ASIDE = "WITH moved AS (DELETE FROM jzenith_outbox WHERE id = $1 AND sent_at IS"
            + " NULL RETURNING id, event_id, channel, record_key, payload, created_at, traceparent)"
            + " INSERT INTO jzenith_outbox_failed (id, event_id, channel, record_key, payload, created_at, traceparent,"
            + " failed_at, error) SELECT id, event_id, channel, record_key, payload, created_at, traceparent, $2, $3"
            + " FROM moved";
    /** The longest error kept with an event set aside: the column is {@code VARCHAR(1000)}. */
    static final int MAX_ERROR = 1000;

    private static final String RELAY = "relay";
    /** Sent events deleted per statement of {@link #purge}, as the inbox's purge does. */
    static final int PURGE_BATCH = 1000;
    // PostgreSQL has no DELETE ... LIMIT; the partial index of sent events (V3) serves the subquery.
    private static final String PURGE = "DELETE FROM jzenith_outbox WHERE id IN (SELECT id FROM jzenith_outbox"
            + " WHERE sent_at IS NOT NULL AND sent_at < $1 ORDER BY sent_at LIMIT " + PURGE_BATCH + ")";

    private final Pool pool;
    private final Vertx vertx;
    private final OutboxCodec codec;
    private final OutboxBacklog backlog;
    private final Clock clock;
    private final Supplier<PgConnectOptions> listenAs;
    private final Supplier<Optional<String>> traceParent;
    private final List<Runnable> wakes = new CopyOnWriteArrayList<>();
    private final HeldLease held = new HeldLease();

    @Inject
    ReactiveOutbox(
            final Pool pool,
            final Vertx vertx,
            final Optional<OutboxCodec> codec,
            final OutboxConfiguration configuration,
            final MeterRegistry registry,
            final PostgresqlTarget target,
            final OpenTelemetry openTelemetry) {
        this(
                pool,
                vertx,
                codec.orElse(ReactiveOutbox::missingRelay),
                configuration.maxPending(),
                Clock.systemUTC(),
                () -> OutboxNotifications.named(target.connectOptions(), OutboxNotifications.APPLICATION_NAME),
                TraceParents.capture(openTelemetry));
        backlog.withMeters(registry);
    }

    ReactiveOutbox(
            final Pool pool,
            final Vertx vertx,
            final OutboxCodec codec,
            final long maxPending,
            final Clock clock,
            final Supplier<PgConnectOptions> listenAs) {
        this(pool, vertx, codec, maxPending, clock, listenAs, Optional::empty);
    }

    ReactiveOutbox(
            final Pool pool,
            final Vertx vertx,
            final OutboxCodec codec,
            final long maxPending,
            final Clock clock,
            final Supplier<PgConnectOptions> listenAs,
            final Supplier<Optional<String>> traceParent) {
        this.pool = pool;
        this.vertx = vertx;
        this.codec = codec;
        this.backlog = new OutboxBacklog(maxPending, clock);
        this.clock = clock;
        this.listenAs = listenAs;
        this.traceParent = traceParent;
    }

    private static byte[] missingRelay(final String channel, final Object event) {
        throw new IllegalStateException("the outbox has no relay to write events for channel '" + channel
                + "'; register KafkaPlugin or RabbitMqPlugin beside PostgresqlPlugin.create().withOutbox()");
    }

    @Override
    public Future<Void> publish(
            final SqlConnection transaction, final String channel, final String key, final Object event) {
        Objects.requireNonNull(transaction, "transaction");
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(event, "event");
        final Transaction open = transaction.transaction();
        if (open == null) {
            return Future.failedFuture(new IllegalStateException("PostgresqlOutbox.publish to channel '" + channel
                    + "' was given a connection with no open transaction; call it inside"
                    + " pool.withTransaction(connection -> ...), with the change it tells about"));
        }
        final Buffer payload;
        try {
            payload = Buffer.buffer(codec.write(channel, event));
        } catch (final RuntimeException e) {
            return Future.failedFuture(e);
        }
        // The span current where publish is called (a request's, on its thread), as the relay's send continues it.
        final String trace = traceParent.get().orElse(null);
        final Future<?> counted = backlog.claimCount() ? count(transaction) : Future.succeededFuture();
        return counted.compose(ignored -> {
                    try {
                        backlog.refuseWhenFull();
                    } catch (final OutboxFullException e) {
                        return Future.failedFuture(e);
                    }
                    final long now = clock.millis();
                    // Only another instance's relay needs the notification (see HeldLease).
                    return transaction
                            .preparedQuery(held.at(now) ? INSERT : INSERT_AND_NOTIFY)
                            .execute(Tuple.of(UUID.randomUUID().toString(), channel, key, payload, now, trace));
                })
                .map(inserted -> {
                    backlog.published();
                    // Completes on commit, fails on rollback: only a commit wakes this instance's relay.
                    open.completion().onSuccess(committed -> wakes.forEach(Runnable::run));
                    return null;
                });
    }

    @Override
    public boolean lease(final String owner, final Duration duration) {
        final long now = clock.millis();
        final long until = now + duration.toMillis();
        final boolean taken = Awaiting.result(pool.preparedQuery(
                                        "UPDATE jzenith_outbox_lease SET owner = $1,"
                                                + " until_ms = $2 WHERE name = $3 AND (owner = $1 OR owner IS NULL OR until_ms < $4)")
                                .execute(Tuple.of(owner, until, RELAY, now)))
                        .rowCount()
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
        Awaiting.result(pool.preparedQuery(
                        "UPDATE jzenith_outbox_lease SET owner = NULL, until_ms = 0 WHERE name = $1 AND owner = $2")
                .execute(Tuple.of(RELAY, owner)));
    }

    @Override
    public List<OutboxRecord> pending(final int limit) {
        final List<OutboxRecord> records = new ArrayList<>();
        for (final Row row : Awaiting.result(pool.preparedQuery("SELECT " + OutboxRows.COLUMNS
                        + " FROM jzenith_outbox WHERE sent_at IS NULL ORDER BY id LIMIT $1")
                .execute(Tuple.of(limit)))) {
            records.add(OutboxRows.record(row));
        }
        return records;
    }

    @Override
    public void markSent(final List<Long> ids) {
        if (ids.isEmpty()) {
            return;
        }
        Awaiting.result(pool.preparedQuery("UPDATE jzenith_outbox SET sent_at = $1 WHERE id = ANY($2)")
                .execute(Tuple.tuple().addLong(clock.millis()).addArrayOfLong(ids.toArray(Long[]::new))));
    }

    /** Blocking, on the relay's virtual thread: moves the event to {@code jzenith_outbox_failed} with {@code error}. */
    @Override
    public void setAside(final long id, final String error) {
        final String kept = error.length() > MAX_ERROR ? error.substring(0, MAX_ERROR) : error;
        Awaiting.result(pool.preparedQuery(SET_ASIDE).execute(Tuple.of(id, clock.millis(), kept)));
    }

    /**
     * Blocking, on the relay's virtual thread: deletes the events sent before {@code sentBefore} in
     * batches of {@value #PURGE_BATCH}, each its own short transaction, so that a first purge of a
     * large table never holds locks on all of it while requests publish. Stops between batches once
     * its thread is interrupted (the service is stopping): the rest goes at the next purge.
     */
    @Override
    public int purge(final Instant sentBefore) {
        int purged = 0;
        int batch;
        do {
            batch = Awaiting.result(pool.preparedQuery(PURGE).execute(Tuple.of(sentBefore.toEpochMilli())))
                    .rowCount();
            purged += batch;
        } while (batch == PURGE_BATCH && !Thread.currentThread().isInterrupted());
        return purged;
    }

    @Override
    public Backlog backlog() {
        return Awaiting.result(count(pool));
    }

    /** Counts the unsent events through {@code client}, and makes that the backlog's count. */
    private Future<Backlog> count(final SqlClient client) {
        return client.query(COUNT).execute().map(rows -> {
            final Row row = rows.iterator().next();
            final Long oldest = row.getLong("oldest");
            return backlog.counted(new Backlog(
                    row.getLong("waiting"),
                    oldest == null ? Optional.empty() : Optional.of(Instant.ofEpochMilli(oldest)),
                    row.getLong("set_aside")));
        });
    }

    @Override
    public void onCommit(final Runnable wake) {
        wakes.add(wake);
    }

    /** LISTENs on a connection of its own (Vert.x's {@code PgSubscriber}), which reconnects by itself. */
    @Override
    public Listening listen(final Runnable wake) {
        return OutboxNotifications.start(vertx, listenAs.get(), Objects.requireNonNull(wake, "wake"));
    }
}
