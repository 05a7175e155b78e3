package org.jzenith.kafka;

import com.google.inject.Injector;
import io.vertx.core.Future;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.jzenith.core.errors.Failures;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;
import org.jzenith.messaging.consumer.FailedChannels;
import org.jzenith.messaging.outbox.OutboxWiring;

/**
 * The health check {@code kafka}: UP when the cluster answers within {@code kafka.health-timeout}
 * (the admin client's {@code describeCluster}), with the number of {@code nodes} it has and the {@code
 * topics} each consumed channel reads; DOWN with
 * the reason otherwise; DOWN too once a channel stopped under {@code failure-strategy=fail}, naming it
 * and the record, until the application restarts. It speaks for readiness: while the brokers are away the service gets no
 * traffic, and it gets it again by itself once they are back, as the client reconnects.
 *
 * <pre>{@code
 * GET /health/ready
 * {"status":"UP","checks":[{"name":"kafka","status":"UP",
 *   "data":{"nodes":3,"topics":{"orders":"shop.orders","prices":"prices.eu, prices.us","quotes":"pattern quotes\\..+"}}}]}
 * }</pre>
 *
 * <p>Never blocks; may be called from any thread. Thread-safe.
 */
public final class KafkaHealthCheck implements HealthCheck {

    /** The check's name. */
    public static final String NAME = "kafka";

    private static final Duration MARGIN = Duration.ofSeconds(1);

    private final KafkaClients clients;
    private final Duration timeout;
    private final boolean outbox;
    private final FailedChannels failed;

    @Inject
    KafkaHealthCheck(
            final KafkaClients clients,
            final KafkaConfiguration configuration,
            final Injector injector,
            final FailedChannels failed) {
        this.clients = clients;
        this.failed = failed;
        this.timeout = configuration.healthTimeout();
        this.outbox = OutboxWiring.present(injector);
    }

    /** Readiness; with an outbox, only {@code /health}: the outbox takes the events while the brokers are away. */
    @Override
    public Set<Kind> kinds() {
        return outbox ? Set.of() : Set.of(Kind.READINESS);
    }

    @Override
    public String name() {
        return NAME;
    }

    /** The cluster's answer time, and a margin. */
    @Override
    public Duration timeout() {
        return timeout.plus(MARGIN);
    }

    @Override
    public Future<HealthResult> check() {
        final Optional<String> stopped = failed.describe();
        if (stopped.isPresent()) {
            return Future.succeededFuture(HealthResult.down(stopped.get()));
        }
        final Optional<KafkaClients.Running> running = clients.running();
        if (running.isEmpty()) {
            return Future.succeededFuture(HealthResult.down("the kafka plugin is not running"));
        }
        final DescribeClusterResult cluster =
                running.get().admin().describeCluster(new DescribeClusterOptions().timeoutMs((int) timeout.toMillis()));
        return Future.fromCompletionStage(cluster.nodes().toCompletionStage()).transform(outcome -> {
            if (outcome.succeeded()) {
                final Map<String, Object> data = new LinkedHashMap<>();
                data.put("nodes", outcome.result().size());
                final Map<String, String> consumed = clients.consumed();
                if (!consumed.isEmpty()) {
                    data.put("topics", new java.util.TreeMap<>(consumed));
                }
                return Future.succeededFuture(HealthResult.up(data));
            }
            return Future.succeededFuture(HealthResult.down(Failures.describe(outcome.cause())));
        });
    }
}
