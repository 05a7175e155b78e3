package org.jzenith.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jzenith.core.errors.Failures;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;

/**
 * The health check {@code jdbc}: UP when a connection from the pool answers {@link
 * Connection#isValid(int)} in time, DOWN with the reason otherwise. Both show the pool: {@code
 * active}, {@code idle}, {@code total} and {@code max} connections, {@code waiting} callers, and
 * the {@code database} product. It speaks for readiness: a service whose database is away gets no
 * traffic, and gets it again when the database returns.
 *
 * <pre>{@code
 * GET /health/ready
 * {"status":"UP","checks":[{"name":"jdbc","status":"UP",
 *   "data":{"active":0,"idle":10,"total":10,"max":10,"waiting":0,"database":"PostgreSQL 15.4"}}]}
 * }</pre>
 *
 * <p>When every connection the pool may open is lent out to requests, the check does not queue for
 * one behind them: it is UP with {@code busy} in its data, since the database is answering those
 * requests (and one that stops answering fails them with 503 within {@code jdbc.connection-timeout}).
 *
 * <p>The JDBC calls run on a virtual thread, never on the event loop that calls {@link #check()};
 * each is bounded by {@code jdbc.connection-timeout}. A connection that fails the check is evicted
 * from the pool. Thread-safe.
 */
public final class JdbcHealthCheck implements HealthCheck {

    /** The check's name. */
    public static final String NAME = "jdbc";

    // How long a connection may take to answer the check; a responsive database takes milliseconds.
    private static final int VALID_SECONDS = 1;
    // Ask a second connection only when the first answered (or failed) this quickly.
    private static final Duration RETRY_WITHIN = Duration.ofSeconds(1);

    private final Vertx vertx;
    private final PooledDataSource dataSource;
    private final Duration connectionTimeout;

    @Inject
    JdbcHealthCheck(final Vertx vertx, final PooledDataSource dataSource, final JdbcConfiguration configuration) {
        this.vertx = vertx;
        this.dataSource = dataSource;
        this.connectionTimeout = configuration.connectionTimeout();
    }

    @Override
    public String name() {
        return NAME;
    }

    /** Waiting for a connection, then {@link Connection#isValid(int)}, then a margin. */
    @Override
    public Duration timeout() {
        return connectionTimeout.plusSeconds(VALID_SECONDS + 1);
    }

    @Override
    public Future<HealthResult> check() {
        final Context context = vertx.getOrCreateContext();
        final Promise<HealthResult> promise = Promise.promise();
        Thread.ofVirtual().name("jzenith-jdbc-health").start(() -> {
            final HealthResult result = probe();
            context.runOnContext(ignored -> promise.complete(result));
        });
        return promise.future();
    }

    private HealthResult probe() {
        final Optional<HikariDataSource> running = dataSource.pool();
        if (running.isEmpty()) {
            return HealthResult.down("the jdbc plugin is not running");
        }
        final HikariDataSource pool = running.get();
        if (saturated(pool)) {
            // Every connection is at work for requests: the database answers them, and a check that
            // queued behind them would time out and take a busy instance out of rotation.
            final Map<String, Object> data = data(pool);
            data.put("busy", "every connection is in use; the check did not queue for one");
            return HealthResult.up(data);
        }
        final long start = System.nanoTime();
        try {
            if (answers(pool)) {
                return HealthResult.up(data(pool));
            }
            // A pooled connection had died: renew the pool, and ask a new connection if there is time.
            dataSource.evictAll();
            if (System.nanoTime() - start < RETRY_WITHIN.toNanos() && answers(pool)) {
                return HealthResult.up(data(pool));
            }
            return HealthResult.down(
                    "the database did not answer a connection check within " + VALID_SECONDS + " s", data(pool));
        } catch (final SQLException | RuntimeException e) {
            return HealthResult.down(dataSource.mask(Failures.describe(e)), data(pool));
        }
    }

    /** Whether every connection the pool may open is open and lent out. */
    private static boolean saturated(final HikariDataSource pool) {
        final HikariPoolMXBean bean = pool.getHikariPoolMXBean();
        return bean != null
                && bean.getIdleConnections() == 0
                && bean.getActiveConnections() >= pool.getMaximumPoolSize();
    }

    /** Whether a connection from the pool answers; one that does not is evicted. */
    private static boolean answers(final HikariDataSource pool) throws SQLException {
        try (Connection connection = pool.getConnection()) {
            if (connection.isValid(VALID_SECONDS)) {
                return true;
            }
            pool.evictConnection(connection);
            return false;
        }
    }

    private Map<String, Object> data(final HikariDataSource pool) {
        final Map<String, Object> data = new LinkedHashMap<>();
        final HikariPoolMXBean bean = pool.getHikariPoolMXBean();
        if (bean != null) {
            data.put("active", bean.getActiveConnections());
            data.put("idle", bean.getIdleConnections());
            data.put("total", bean.getTotalConnections());
            data.put("waiting", bean.getThreadsAwaitingConnection());
        }
        data.put("max", pool.getMaximumPoolSize());
        if (!dataSource.database().isEmpty()) {
            data.put("database", dataSource.database());
        }
        return data;
    }
}
