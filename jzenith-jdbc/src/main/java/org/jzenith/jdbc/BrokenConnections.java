package org.jzenith.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import com.zaxxer.hikari.SQLExceptionOverride;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Renews the whole pool when one connection turns out broken. HikariCP evicts the connection that
 * failed with a connection error (SQLSTATE class 08); the others were opened to the same server and
 * are most likely broken too, so they are evicted as well (idle ones at once, busy ones when
 * returned). The next calls then wait for a new connection and fail within {@code
 * jdbc.connection-timeout} with a {@link java.sql.SQLTransientConnectionException} (503) while the
 * database is away, instead of each failing on a dead connection with whatever the driver throws.
 *
 * <p>Thread-safe; evicts at most once a second.
 */
final class BrokenConnections implements SQLExceptionOverride {

    private static final String CONNECTION_EXCEPTION_CLASS = "08";
    private static final long MIN_INTERVAL_NANOS = Duration.ofSeconds(1).toNanos();

    private final AtomicReference<HikariDataSource> pool = new AtomicReference<>();
    private final AtomicLong lastEviction = new AtomicLong(System.nanoTime() - MIN_INTERVAL_NANOS);

    void attach(final HikariDataSource started) {
        pool.set(started);
    }

    @java.lang.Override
    public Override adjudicate(final SQLException failure) {
        final String state = failure.getSQLState();
        if (state != null && state.startsWith(CONNECTION_EXCEPTION_CLASS)) {
            evictAll();
        }
        return Override.CONTINUE_EVICT;
    }

    /** Evicts every connection of the pool, unless that was done within the last second. */
    void evictAll() {
        final long now = System.nanoTime();
        final long last = lastEviction.get();
        if (now - last < MIN_INTERVAL_NANOS || !lastEviction.compareAndSet(last, now)) {
            return;
        }
        final HikariDataSource current = pool.get();
        final HikariPoolMXBean bean = current == null ? null : current.getHikariPoolMXBean();
        if (bean != null) {
            bean.softEvictConnections();
        }
    }
}
