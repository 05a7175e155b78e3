package org.jzenith.cassandra;

import io.vertx.core.Future;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jzenith.core.errors.Failures;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;

/**
 * The health check {@code cassandra}: UP when a node of the local data centre answers a read of
 * {@code system.local} within {@code cassandra.request-timeout}, DOWN with the reason otherwise.
 * Both show the {@code datacenter}, the {@code keyspace} and the node's {@code version}. It speaks
 * for readiness: a service whose Cassandra is away gets no traffic, and gets it again when a node
 * is back (the driver reconnects by itself).
 *
 * <pre>{@code
 * GET /health/ready
 * {"status":"UP","checks":[{"name":"cassandra","status":"UP",
 *   "data":{"datacenter":"dc1","keyspace":"users","version":"5.0.6"}}]}
 * }</pre>
 *
 * <p>Never blocks; thread-safe.
 */
public final class CassandraHealthCheck implements HealthCheck {

    /** The check's name. */
    public static final String NAME = "cassandra";

    private static final Duration MARGIN = Duration.ofSeconds(1);

    private final CassandraClient client;
    private final Duration requestTimeout;

    @Inject
    CassandraHealthCheck(final CassandraClient client, final CassandraConfiguration configuration) {
        this.client = client;
        this.requestTimeout = configuration.requestTimeout();
    }

    @Override
    public String name() {
        return NAME;
    }

    /** The request timeout, and a margin. */
    @Override
    public Duration timeout() {
        return requestTimeout.plus(MARGIN);
    }

    @Override
    public Future<HealthResult> check() {
        final Optional<CassandraClient.Running> running = client.running();
        if (running.isEmpty()) {
            return Future.succeededFuture(HealthResult.down("the cassandra plugin is not running"));
        }
        final CassandraClient.Running current = running.get();
        final Map<String, Object> data = new LinkedHashMap<>();
        data.put("datacenter", current.target().localDatacenter());
        data.put("keyspace", current.target().keyspace());
        if (!current.version().isEmpty()) {
            data.put("version", current.version());
        }
        return client.execute("SELECT release_version FROM system.local")
                .transform(outcome -> Future.succeededFuture(
                        outcome.succeeded()
                                ? HealthResult.up(data)
                                : HealthResult.down(current.target().mask(Failures.describe(outcome.cause())), data)));
    }
}
