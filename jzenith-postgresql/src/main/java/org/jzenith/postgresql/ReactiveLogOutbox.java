package org.jzenith.postgresql;

import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowIterator;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Transaction;
import io.vertx.sqlclient.Tuple;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.jzenith.core.outbox.OutboxFullException;
import org.jzenith.core.outbox.OutboxStoreConfiguration;
import org.jzenith.core.spi.outbox.OutboxCodec;
import org.jzenith.core.spi.outbox.TraceParents;
import org.jzenith.outbox.log.LogOutboxStore;
import org.jzenith.outbox.log.ReplicationTarget;
import org.jzenith.outbox.log.RetainedWal;
import org.jzenith.outbox.log.SlotStatus;

/**
 * The reactive outbox in PostgreSQL's write-ahead log ({@code outbox.mode=log}): {@link #publish}
 * writes the event with {@code pg_logical_emit_message(true, ...)} on the caller's connection, inside
 * its open transaction, so it commits or rolls back with it, and costs one WAL record: no row, no
 * index, no update, no purge. The relay reads it from the replication slot through {@link #store()},
 * over PgJDBC's replication API: the reactive client has no replication mode. Past {@code
 * outbox.log.max-retained-wal-mb} held back by the slot, publish fails with {@link
 * OutboxFullException}. Never blocks; thread-safe.
 */
@Singleton
final class ReactiveLogOutbox implements PostgresqlOutbox {

    private final OutboxCodec codec;
    private final Clock clock = Clock.systemUTC();
    private final Supplier<Optional<String>> traceParent;
    private final String emit;
    private final String measure;
    private final RetainedWal retained;
    private final LogOutboxStore store;

    @Inject
    ReactiveLogOutbox(
            final Pool pool,
            final Optional<OutboxCodec> codec,
            final OutboxStoreConfiguration configuration,
            final MeterRegistry registry,
            final PostgresqlTarget target,
            final OpenTelemetry openTelemetry) {
        this.codec = codec.orElse(ReactiveLogOutbox::missingRelay);
        this.traceParent = TraceParents.capture(openTelemetry);
        final String slot = configuration.log().slot();
        this.emit = LogOutboxStore.emit(slot, "$1");
        this.measure = SlotStatus.query(slot);
        this.retained = new RetainedWal(slot, configuration.log().maxRetainedWalMb()).withMeters(registry);
        this.store = LogOutboxStore.of(
                () -> new ReplicationTarget(
                        target.jdbcUrl(),
                        Optional.ofNullable(target.options().getUser()),
                        Optional.ofNullable(target.options().getPassword()).filter(password -> !password.isEmpty())),
                slot,
                retained,
                () -> Awaiting.result(measure(pool)),
                new ReactiveSetAsideEvents(pool));
    }

    /** The store the relay drives. */
    LogOutboxStore store() {
        return store;
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
        final Buffer frame;
        try {
            frame = Buffer.buffer(LogOutboxStore.frame(
                    UUID.randomUUID(), clock.instant(), channel, key, traceParent.get(), codec.write(channel, event)));
        } catch (final RuntimeException e) {
            return Future.failedFuture(e);
        }
        final Future<?> measured = retained.claimMeasure() ? measure(transaction) : Future.succeededFuture();
        return measured.compose(ignored -> {
                    try {
                        retained.refuseWhenFull();
                    } catch (final OutboxFullException e) {
                        return Future.failedFuture(e);
                    }
                    return transaction.preparedQuery(emit).execute(Tuple.of(frame));
                })
                .map(emitted -> {
                    // Completes on commit, fails on rollback: only a commit has the reader read at once.
                    open.completion().onSuccess(committed -> store.committed());
                    return null;
                });
    }

    /** Measures the slot through {@code client}, and makes that the bound's measure. */
    private Future<SlotStatus> measure(final SqlClient client) {
        return client.query(measure).execute().map(rows -> {
            final RowIterator<Row> iterator = rows.iterator();
            if (!iterator.hasNext()) {
                return retained.measured(SlotStatus.MISSING);
            }
            final Row row = iterator.next();
            return retained.measured(
                    new SlotStatus(true, row.getBoolean(0), row.getLong(1), Optional.ofNullable(row.getLong(2))));
        });
    }
}
