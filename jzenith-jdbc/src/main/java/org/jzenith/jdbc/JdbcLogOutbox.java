package org.jzenith.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jzenith.core.outbox.Outbox;
import org.jzenith.core.outbox.OutboxStoreConfiguration;
import org.jzenith.core.spi.outbox.OutboxCodec;
import org.jzenith.core.spi.outbox.TraceParents;
import org.jzenith.outbox.log.LogOutboxStore;
import org.jzenith.outbox.log.ReplicationTarget;
import org.jzenith.outbox.log.RetainedWal;
import org.jzenith.outbox.log.SlotStatus;

/**
 * The outbox in PostgreSQL's write-ahead log ({@code outbox.mode=log}): {@link #publish} writes the
 * event with {@code pg_logical_emit_message(true, ...)} through the Jdbi handle open on the calling
 * thread, so it commits or rolls back with the caller's transaction, and costs one WAL record: no
 * row, no index, no update, no purge. The relay reads it from the replication slot through {@link
 * #store()}. Past {@code outbox.log.max-retained-wal-mb} held back by the slot, publish throws
 * {@link org.jzenith.core.outbox.OutboxFullException}. Thread-safe.
 */
@Singleton
final class JdbcLogOutbox implements Outbox {

    private final Jdbi jdbi;
    private final OutboxCodec codec;
    private final Clock clock = Clock.systemUTC();
    private final Supplier<Optional<String>> traceParent;
    private final String emit;
    private final String measure;
    private final RetainedWal retained;
    private final LogOutboxStore store;

    @Inject
    JdbcLogOutbox(
            final Jdbi jdbi,
            final Optional<OutboxCodec> codec,
            final OutboxStoreConfiguration configuration,
            final MeterRegistry registry,
            final PooledDataSource pool,
            final OpenTelemetry openTelemetry) {
        this.jdbi = jdbi;
        this.codec = codec.orElse(JdbcLogOutbox::missingRelay);
        this.traceParent = TraceParents.capture(openTelemetry);
        final String slot = configuration.log().slot();
        this.emit = LogOutboxStore.emit(slot, "?");
        this.measure = SlotStatus.query(slot);
        this.retained = new RetainedWal(slot, configuration.log().maxRetainedWalMb()).withMeters(registry);
        this.store = LogOutboxStore.of(
                () -> target(pool),
                slot,
                retained,
                () -> jdbi.withHandle(JdbcLogOutbox.this::measure),
                new JdbcSetAsideEvents(jdbi));
    }

    /** The store the relay drives. */
    LogOutboxStore store() {
        return store;
    }

    private static ReplicationTarget target(final PooledDataSource pool) {
        final HikariDataSource running =
                pool.pool().orElseThrow(() -> new IllegalStateException("the JDBC plugin is not running"));
        return new ReplicationTarget(
                running.getJdbcUrl(),
                Optional.ofNullable(running.getUsername()),
                Optional.ofNullable(running.getPassword()).filter(password -> !password.isEmpty()));
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
            if (retained.claimMeasure()) {
                retained.measured(measure(handle));
            }
            retained.refuseWhenFull();
            final byte[] frame =
                    LogOutboxStore.frame(UUID.randomUUID(), clock.instant(), channel, key, traceParent.get(), payload);
            handle.createQuery(emit).bind(0, frame).mapTo(String.class).one();
            handle.afterCommit(store::committed);
        });
    }

    private SlotStatus measure(final Handle handle) {
        return handle.createQuery(measure)
                .map((row, context) -> {
                    final long safe = row.getLong(3);
                    return new SlotStatus(
                            true,
                            row.getBoolean(1),
                            row.getLong(2),
                            row.wasNull() ? Optional.empty() : Optional.of(safe));
                })
                .findOne()
                .orElse(SlotStatus.MISSING);
    }
}
