package org.jzenith.core.internal;

import io.vertx.core.Handler;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an exception no code handled on a Vert.x thread is logged as. Vert.x's own answer is one ERROR
 * per occurrence ("Unhandled exception"); that stays for every failure jZenith does not know, with
 * the thread it happened on. A known race inside a library, which has already answered its caller and
 * leaves nothing behind, is logged as what it is instead: at WARN, once a minute at most, with how
 * often it happened and the upstream issue that tracks it.
 *
 * <p>Known so far: Vert.x's SQL pool completing a connection request twice when its wait timed out
 * just as a connection arrived ({@code IllegalStateException: Promise already completed} from {@code
 * SqlConnectionPool$1PoolRequest.lambda$onEnqueue}, eclipse-vertx/vertx-sql-client#1567); the request
 * was already answered with the timeout, seen under overload with the transactional outbox.
 *
 * <p>Thread-safe: Vert.x calls it from any of its threads.
 */
final class UnhandledFailures implements Handler<Throwable> {

    private static final Logger LOG = LoggerFactory.getLogger(UnhandledFailures.class);
    private static final Duration REPORT_EVERY = Duration.ofMinutes(1);

    private static final String SQL_POOL_REQUEST = "io.vertx.sqlclient.impl.pool.SqlConnectionPool$1PoolRequest";
    private static final String ALREADY_COMPLETED = "already complete";

    private final Consumer<String> warn;
    private final LongSupplier nanoTime;
    private final AtomicLong poolRaces = new AtomicLong();
    private final AtomicLong lastReport = new AtomicLong(Long.MIN_VALUE);

    UnhandledFailures() {
        this(LOG::warn, System::nanoTime);
    }

    /** With the WARN lines going to {@code warn} and time from {@code nanoTime}, for tests. */
    UnhandledFailures(final Consumer<String> warn, final LongSupplier nanoTime) {
        this.warn = warn;
        this.nanoTime = nanoTime;
    }

    @Override
    public void handle(final Throwable failure) {
        if (isSqlPoolRace(failure)) {
            reportPoolRace();
            return;
        }
        LOG.error(
                "Unhandled exception on {}, outside any request or plugin: {}",
                Thread.currentThread().getName(),
                failure.toString(),
                failure);
    }

    /** Vert.x's SQL pool failing a connection request that had already been completed. */
    static boolean isSqlPoolRace(final Throwable failure) {
        if (!(failure instanceof IllegalStateException)
                || failure.getMessage() == null
                || !failure.getMessage().contains(ALREADY_COMPLETED)) {
            return false;
        }
        for (final StackTraceElement frame : failure.getStackTrace()) {
            if (frame.getClassName().equals(SQL_POOL_REQUEST)) {
                return true;
            }
        }
        return false;
    }

    private void reportPoolRace() {
        poolRaces.incrementAndGet();
        final long now = nanoTime.getAsLong();
        final long last = lastReport.get();
        if (last != Long.MIN_VALUE && now - last < REPORT_EVERY.toNanos()) {
            return;
        }
        if (!lastReport.compareAndSet(last, now)) {
            return;
        }
        warn.accept("Vert.x's SQL pool completed a connection request twice " + poolRaces.getAndSet(0)
                + " time(s) since the last report: its wait for a connection timed out as one arrived"
                + " (eclipse-vertx/vertx-sql-client#1567). The request was already answered with the timeout;"
                + " nothing is lost. It happens when the pool is saturated: a larger pool or fewer requests"
                + " in flight avoid it");
    }
}
