package org.jzenith.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import org.jdbi.v3.core.Jdbi;
import org.jzenith.core.errors.Failures;
import org.jzenith.core.spi.outbox.OutboxStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Wakes the relay when any instance commits outbox events on PostgreSQL: one virtual thread that
 * {@code LISTEN}s on a connection of its own (outside the pool, so it never takes a slot requests
 * need) and calls {@code wake} for each notification of its schema; it connects again by itself,
 * with a backoff up to 5 s, and wakes once after each connect for what it missed. On other databases
 * it ends at once: their relay polls. Thread-safe.
 */
final class OutboxListener implements OutboxStore.Listening {

    /** Opens a connection of the listener's own, which it closes. */
    @FunctionalInterface
    interface Connections {
        Connection open() throws SQLException;
    }

    /** The channel publishing transactions notify, with their schema as the payload. */
    static final String CHANNEL = "jzenith_outbox";

    private static final Logger LOG = LoggerFactory.getLogger(OutboxListener.class);
    private static final Duration FIRST_BACKOFF = Duration.ofMillis(100);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(5);

    private final Jdbi jdbi;
    private final Connections connections;
    private final Runnable wake;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile Connection current;

    private OutboxListener(final Jdbi jdbi, final Connections connections, final Runnable wake) {
        this.jdbi = jdbi;
        this.connections = connections;
        this.wake = wake;
        this.thread = Thread.ofVirtual().name("jzenith-outbox-listen").unstarted(this::run);
    }

    /** Listens for {@code wake} from now on, when the database behind {@code jdbi} is PostgreSQL. */
    static OutboxListener start(final Jdbi jdbi, final Connections connections, final Runnable wake) {
        final OutboxListener listener = new OutboxListener(jdbi, connections, wake);
        listener.thread.start();
        return listener;
    }

    @Override
    public void close() {
        running = false;
        final Connection connection = current;
        if (connection != null) {
            try {
                connection.close(); // ends a wait for notifications at once
            } catch (final SQLException e) {
                LOG.debug("Closing the outbox's LISTEN connection failed", e);
            }
        }
        thread.interrupt();
        try {
            thread.join(Duration.ofSeconds(2));
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        Duration backoff = FIRST_BACKOFF;
        boolean lost = false;
        while (running) {
            try {
                if (!postgresql()) {
                    LOG.debug("The outbox's database is not PostgreSQL: no LISTEN, the relay polls");
                    return;
                }
                try (Connection connection = connections.open()) {
                    current = connection;
                    if (!running) {
                        return;
                    }
                    final PostgresqlNotifications notifications = PostgresqlNotifications.listen(connection, CHANNEL);
                    if (lost) {
                        LOG.info("Listening for outbox commits again (LISTEN {})", CHANNEL);
                        lost = false;
                    }
                    backoff = FIRST_BACKOFF;
                    wake.run(); // whatever was committed while nothing listened
                    while (running) {
                        if (notifications.await()) {
                            wake.run();
                        }
                    }
                } finally {
                    current = null;
                }
            } catch (final SQLException | RuntimeException e) {
                if (!running) {
                    return;
                }
                if (!lost) {
                    LOG.warn(
                            "Listening for outbox commits failed: {}; connecting again, and meanwhile the relay"
                                    + " finds other instances' events every outbox.poll-interval",
                            Failures.describe(e));
                    lost = true;
                }
                LockSupport.parkNanos(backoff.toNanos());
                backoff = backoff.multipliedBy(2).compareTo(MAX_BACKOFF) <= 0 ? backoff.multipliedBy(2) : MAX_BACKOFF;
            }
        }
    }

    private boolean postgresql() {
        return jdbi.withHandle(handle -> {
            try {
                return handle.getConnection()
                        .getMetaData()
                        .getDatabaseProductName()
                        .toLowerCase(Locale.ROOT)
                        .startsWith("postgresql");
            } catch (final SQLException e) {
                throw new IllegalStateException(e);
            }
        });
    }
}
