package org.jzenith.core.outbox;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import org.jzenith.core.configuration.DurationRange;
import org.jzenith.core.configuration.Range;

/**
 * Settings of the transactional outbox, under {@code outbox.} (read where a store plugin has its
 * outbox switched on, such as {@code JdbcPlugin.create().withOutbox()}):
 *
 * <pre>
 * outbox.max-pending=100000     # unsent events past which publish fails (and its transaction with it)
 * outbox.poll-interval=1s       # how often the relay looks for events other instances committed (PostgreSQL: NOTIFY wakes it)
 * outbox.batch-size=500         # events sent per round trip of the relay
 * outbox.lease=10s              # how long one instance holds the relay before another may take over
 * outbox.retention=1h           # how long sent events are kept before they are purged
 * outbox.store=table            # table: a row per event; log: PostgreSQL's WAL (pg_logical_emit_message) read from a slot
 * outbox.log.slot=jzenith_outbox          # log store: the replication slot, publication and message prefix
 * outbox.log.max-retained-wal-mb=1024     # log store: WAL the slot may hold back before publish fails
 * </pre>
 */
@ConfigMapping(prefix = "outbox")
public interface OutboxConfiguration {

    /**
     * Unsent events past which {@link Outbox#publish} throws {@link OutboxFullException}; compared
     * with the count as of at most a second ago, so a burst may pass it by what one second brings.
     */
    @Range(min = 1, max = Integer.MAX_VALUE)
    @WithDefault("100000")
    long maxPending();

    /**
     * How often the relay looks for events when nothing woke it: an instance's own commits wake it at
     * once, and on PostgreSQL (JDBC plugin) other instances' commits too, through {@code
     * LISTEN/NOTIFY}; elsewhere, or while that listener reconnects, events committed by other
     * instances wait at most this long.
     */
    @DurationRange(min = "10ms", max = "1m")
    @WithDefault("1s")
    Duration pollInterval();

    /** Events the relay reads and sends per round trip. */
    @Range(min = 1, max = 10000)
    @WithDefault("500")
    int batchSize();

    /**
     * How long an instance holds the relay: it renews the lease once a sixth of it has passed; when it
     * dies, another instance takes over once the lease ran out. Longer than a send may take.
     */
    @DurationRange(min = "1s", max = "10m")
    @WithDefault("10s")
    Duration lease();

    /** How long sent events stay in the table (to look at, or to replay by hand) before they are purged. */
    @DurationRange(min = "0s", max = "3650d")
    @WithDefault("1h")
    Duration retention();

    /**
     * Where events wait for the relay: {@code table}, a row of {@code jzenith_outbox} (every database);
     * {@code log}, a message in PostgreSQL's write-ahead log ({@code pg_logical_emit_message}) that the
     * relay reads from a logical replication slot: no table, index, update or purge (PostgreSQL with
     * {@code wal_level=logical} and a role with {@code REPLICATION} only).
     */
    @WithDefault("table")
    Store store();

    /** The settings of {@code outbox.store=log}. */
    Log log();

    /** Where events wait for the relay: {@link OutboxConfiguration#store()}. */
    enum Store {
        /** A row per event in {@code jzenith_outbox}. */
        TABLE,
        /** A message per event in PostgreSQL's write-ahead log, read from a logical replication slot. */
        LOG
    }

    /** Settings of the log store, under {@code outbox.log.}. */
    interface Log {

        /**
         * The logical replication slot the relay reads, also the name of its (empty) publication and the
         * prefix of its messages; created at start-up when missing. Services that share a database need
         * one each.
         */
        @WithDefault("jzenith_outbox")
        String slot();

        /**
         * Megabytes of write-ahead log the slot may hold back (the server's current position less the
         * slot's confirmed one) before {@code publish} throws {@link OutboxFullException} and readiness
         * is DOWN: the bound that keeps a relay that cannot send from filling the server's disk.
         */
        @Range(min = 1, max = Integer.MAX_VALUE)
        @WithDefault("1024")
        long maxRetainedWalMb();
    }
}
