package org.jzenith.postgresql;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;

/**
 * The {@code postgresql} health check's own connection, a pool of one apart from the application's:
 * on a saturated service the check's {@code SELECT 1} would otherwise wait for a connection behind
 * every queued request, time out, and take a working instance out of its load balancer's rotation
 * when it is busiest. Costs one idle connection per instance. Thread-safe.
 */
final class HealthConnection {

    /** The pool's name: the {@code pool_name} tag of its metrics. */
    static final String NAME = "postgresql-health";

    private final Pool pool;

    HealthConnection(final Pool pool) {
        this.pool = pool;
    }

    /** Whether the server answers {@code SELECT 1}. */
    Future<Void> ping() {
        return pool.query("SELECT 1").execute().mapEmpty();
    }

    Future<Void> close() {
        return pool.close();
    }
}
