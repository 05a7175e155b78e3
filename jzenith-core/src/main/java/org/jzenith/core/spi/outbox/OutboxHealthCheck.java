package org.jzenith.core.spi.outbox;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jzenith.core.errors.Failures;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;

/**
 * The health check {@code outbox}: the backlog, {@code pending} events and the {@code
 * oldestPendingSeconds}. UP while the database answers, however large the backlog: the outbox is the
 * buffer that keeps the service taking writes while the broker is away ({@code outbox.max-pending}
 * bounds it); DOWN only when the count itself fails.
 *
 * <pre>{@code
 * GET /health/ready
 * {"status":"UP","checks":[{"name":"outbox","status":"UP","data":{"pending":1200,"oldestPendingSeconds":9.8}}]}
 * }</pre>
 *
 * <p>Counts on a virtual thread ({@link OutboxStore} blocks), never on the event loop that calls
 * {@link #check()}. Store plugins bind it where they bind their {@link OutboxStore}. Thread-safe.
 */
public final class OutboxHealthCheck implements HealthCheck {

    private final Vertx vertx;
    private final OutboxStore outbox;
    private final Clock clock = Clock.systemUTC();

    /** The check of {@code outbox}'s backlog. */
    @Inject
    public OutboxHealthCheck(final Vertx vertx, final OutboxStore outbox) {
        this.vertx = vertx;
        this.outbox = outbox;
    }

    @Override
    public String name() {
        return "outbox";
    }

    @Override
    public Future<HealthResult> check() {
        final Context context = vertx.getOrCreateContext();
        final Promise<HealthResult> promise = Promise.promise();
        Thread.ofVirtual().name("jzenith-outbox-health").start(() -> {
            HealthResult result;
            try {
                final OutboxStore.Backlog backlog = outbox.backlog();
                final Map<String, Object> data = new LinkedHashMap<>();
                data.put("pending", backlog.pending());
                data.put(
                        "oldestPendingSeconds",
                        backlog.oldest()
                                .map(oldest -> Math.max(0, clock.millis() - oldest.toEpochMilli()) / 1000.0)
                                .orElse(0.0));
                result = HealthResult.up(data);
            } catch (final RuntimeException e) {
                result = HealthResult.down("cannot count the outbox: " + Failures.describe(e));
            }
            final HealthResult done = result;
            context.runOnContext(ignored -> promise.complete(done));
        });
        return promise.future();
    }
}
