package org.jzenith.postgresql;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jzenith.core.errors.Failures;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;

/**
 * The health check {@code postgresql}: UP when {@code SELECT 1} answers in time, DOWN with the reason
 * otherwise. It asks on a connection of its own ({@link HealthConnection}), so that a service whose
 * pool is saturated by requests is not taken for one whose database is away. Both show the pool: the {@code connections} it has open now, the
 * {@code max} it may open, and the {@code database} server's product and version. It speaks for
 * readiness: a service whose database is away gets no traffic, and gets it again when the database
 * returns (the pool reconnects by itself).
 *
 * <pre>{@code
 * GET /health/ready
 * {"status":"UP","checks":[{"name":"postgresql","status":"UP",
 *   "data":{"connections":2,"max":4,"database":"PostgreSQL 15.4"}}]}
 * }</pre>
 *
 * <p>{@link #check()} does not block; it waits at most {@code postgresql.connection-timeout} for a
 * connection. Thread-safe.
 */
public final class PostgresqlHealthCheck implements HealthCheck {

    /** The check's name. */
    public static final String NAME = "postgresql";

    // A responsive database answers SELECT 1 in milliseconds.
    private static final Duration QUERY_MARGIN = Duration.ofSeconds(1);

    private final Pool pool;
    private final HealthConnection connection;
    private final PostgresqlServer server;
    private final Duration connectionTimeout;
    private final int maxSize;

    @Inject
    PostgresqlHealthCheck(
            final Pool pool,
            final HealthConnection connection,
            final PostgresqlServer server,
            final PostgresqlConfiguration configuration) {
        this.pool = pool;
        this.connection = connection;
        this.server = server;
        this.connectionTimeout = configuration.connectionTimeout();
        this.maxSize = configuration.pool().size();
    }

    @Override
    public String name() {
        return NAME;
    }

    /** Waiting for a connection, then {@code SELECT 1}. */
    @Override
    public Duration timeout() {
        return connectionTimeout.plus(QUERY_MARGIN);
    }

    @Override
    public Future<HealthResult> check() {
        final Optional<PostgresqlServer.Connected> connected =
                server.connected().current();
        if (connected.isEmpty()) {
            return Future.succeededFuture(
                    HealthResult.down(server.connected().notRunning().getMessage()));
        }
        return connection
                .ping()
                .map(answered -> HealthResult.up(data(connected.get())))
                .otherwise(failure -> HealthResult.down(
                        connected.get().target().mask(Failures.describe(failure)), data(connected.get())));
    }

    private Map<String, Object> data(final PostgresqlServer.Connected connected) {
        final Map<String, Object> data = new LinkedHashMap<>();
        data.put("connections", pool.size());
        data.put("max", maxSize);
        data.put("database", connected.version());
        return data;
    }
}
