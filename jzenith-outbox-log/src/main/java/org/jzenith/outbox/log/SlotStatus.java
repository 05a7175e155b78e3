package org.jzenith.outbox.log;

import java.util.Optional;

/**
 * The log outbox's replication slot as the server sees it, from {@code pg_replication_slots}: what a
 * store plugin measures with {@link #query} on one of its connections and hands to {@link
 * RetainedWal#measured}.
 *
 * <pre>{@code
 * SlotStatus status = SlotStatus.of(row.getBoolean(1), row.getBoolean(2), row.getLong(3), ...);
 * }</pre>
 *
 * @param exists whether the slot exists; when it does not, events published now are read by nothing
 * @param active whether a relay reads it now
 * @param retainedBytes write-ahead log the slot holds back: the server's current position less the
 *     slot's confirmed one; 0 when it does not exist
 * @param safeWalBytes how much more the server may write before it invalidates the slot ({@code
 *     max_slot_wal_keep_size}); empty when that is unlimited
 */
public record SlotStatus(boolean exists, boolean active, long retainedBytes, Optional<Long> safeWalBytes) {

    /** A slot that does not exist. */
    public static final SlotStatus MISSING = new SlotStatus(false, false, 0, Optional.empty());

    /**
     * The query of {@code slot}'s status in the current database: one row (active, retained bytes,
     * safe WAL bytes, which may be null) when it exists, none when it does not. {@code slot} is
     * checked ({@link SlotSetup#problems}) to be a plain name.
     */
    public static String query(final String slot) {
        SlotSetup.requirePlainName(slot);
        return "SELECT active, COALESCE(pg_wal_lsn_diff(pg_current_wal_lsn(), confirmed_flush_lsn), 0)::bigint,"
                + " safe_wal_size FROM pg_replication_slots WHERE slot_name = '" + slot + "'"
                + " AND database = current_database()";
    }
}
