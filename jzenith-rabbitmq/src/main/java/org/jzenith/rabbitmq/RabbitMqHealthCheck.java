package org.jzenith.rabbitmq;

import com.google.inject.Injector;
import io.vertx.core.Future;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;
import org.jzenith.messaging.consumer.FailedChannels;
import org.jzenith.messaging.outbox.OutboxWiring;

/**
 * The health check {@code rabbitmq}: UP while the connection is open, with the server it talks to;
 * DOWN while it is lost and the client recovers it, naming why, and UP again by itself once it is
 * back; DOWN while the broker blocks publishing (a memory or disk alarm), naming why; DOWN once a channel stopped under {@code failure-strategy=fail}, or the broker cancelled a
 * channel's consumer (its queue deleted), naming it, until the application restarts. It speaks for
 * readiness; with an outbox (a store plugin's {@code withOutbox()}) it shows in {@code /health} only,
 * as Kafka's does: the outbox takes the events while the broker is away.
 *
 * <pre>{@code
 * GET /health/ready
 * {"status":"UP","checks":[{"name":"rabbitmq","status":"UP","data":{"server":"rabbit.internal:5672/"}}]}
 * }</pre>
 *
 * <p>Never blocks; may be called from any thread. Thread-safe.
 */
public final class RabbitMqHealthCheck implements HealthCheck {

    /** The check's name. */
    public static final String NAME = "rabbitmq";

    private final RabbitMqClient client;
    private final FailedChannels failed;
    private final boolean outbox;

    @Inject
    RabbitMqHealthCheck(final RabbitMqClient client, final FailedChannels failed, final Injector injector) {
        this.client = client;
        this.failed = failed;
        this.outbox = OutboxWiring.present(injector);
    }

    /** Readiness; with an outbox, only {@code /health}: the outbox takes the events while the broker is away. */
    @Override
    public Set<Kind> kinds() {
        return outbox ? Set.of() : Set.of(Kind.READINESS);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Future<HealthResult> check() {
        final Optional<String> stopped = failed.describe();
        if (stopped.isPresent()) {
            return Future.succeededFuture(HealthResult.down(stopped.get()));
        }
        final Optional<RabbitMqClient.Running> running = client.running();
        if (running.isEmpty()) {
            return Future.succeededFuture(HealthResult.down("the rabbitmq plugin is not running"));
        }
        final Optional<String> lost = client.lost();
        if (lost.isPresent()
                || !running.get().connection().isOpen()
                || !running.get().publishing().isOpen()) {
            return Future.succeededFuture(HealthResult.down(
                    "the connection to RabbitMQ at " + running.get().server() + " is lost (" + lost.orElse("closed")
                            + "); the client is recovering it"));
        }
        final Optional<String> blocked = client.blocked();
        if (blocked.isPresent()) {
            return Future.succeededFuture(
                    HealthResult.down("RabbitMQ at " + running.get().server() + " blocks publishing (" + blocked.get()
                            + "); sends fail until it takes messages again"));
        }
        final Optional<String> cancelled = client.cancelled();
        if (cancelled.isPresent()) {
            return Future.succeededFuture(HealthResult.down(cancelled.get()));
        }
        final Map<String, Object> data = new LinkedHashMap<>();
        data.put("server", running.get().server());
        return Future.succeededFuture(HealthResult.up(data));
    }
}
