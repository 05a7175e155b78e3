package org.jzenith.core.outbox;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import org.jzenith.core.configuration.Range;

/**
 * Where the transactional outbox keeps its events, under {@code outbox.} (read where a store plugin
 * has its outbox switched on; the relay's settings are {@link OutboxConfiguration}'s):
 *
 * <pre>
 * outbox.mode=table                      # table: a row per event; log: PostgreSQL's write-ahead log, read from a slot
 * outbox.log.slot=jzenith_outbox          # log: the replication slot, its publication and the messages' prefix
 * outbox.log.max-retained-wal-mb=1024     # log: write-ahead log the slot may hold back before publish fails
 * </pre>
 */
@ConfigMapping(prefix = "outbox")
public interface OutboxStoreConfiguration {

    /**
     * Where events wait for the relay: {@code table}, a row of {@code jzenith_outbox} (every database);
     * {@code log}, a message in PostgreSQL's write-ahead log ({@code pg_logical_emit_message}) that the
     * relay reads from a logical replication slot: no table, index, update or purge (PostgreSQL with
     * {@code wal_level=logical} and a role with {@code REPLICATION} only).
     */
    @WithDefault("table")
    Mode mode();

    /** The settings of {@code outbox.mode=log}. */
    Log log();

    /** Where events wait for the relay: {@link OutboxStoreConfiguration#mode()}. */
    enum Mode {
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
