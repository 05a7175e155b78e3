package org.jzenith.outbox.log;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jzenith.core.errors.Failures;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;

/**
 * The readiness check {@code outbox} of the log store: DOWN when the replication slot holds back more
 * write-ahead log than {@code outbox.log.max-retained-wal-mb} (publishes then fail with 503 too), or
 * does not exist; UP otherwise, with what it holds back and, on a server with {@code
 * max_slot_wal_keep_size}, how much more it may before the server gives the slot up.
 *
 * <pre>{@code
 * GET /health/ready
 * {"name":"outbox","status":"UP","data":{"slot":"jzenith_outbox","active":true,"retainedWalBytes":1024,
 *  "maxRetainedWalBytes":1073741824}}
 * }</pre>
 *
 * <p>Measures on a virtual thread (the query blocks), never on the event loop that calls {@link
 * #check()}. Thread-safe.
 */
public final class LogOutboxHealthCheck implements HealthCheck {

    private final Vertx vertx;
    private final LogOutboxStore store;

    /** The check of {@code store}'s slot. */
    public LogOutboxHealthCheck(final Vertx vertx, final LogOutboxStore store) {
        this.vertx = vertx;
        this.store = store;
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
                result = result(store.status());
            } catch (final RuntimeException e) {
                result = HealthResult.down(
                        "cannot measure the outbox's replication slot " + store.slot() + ": " + Failures.describe(e));
            }
            final HealthResult measured = result;
            context.runOnContext(ignored -> promise.complete(measured));
        });
        return promise.future();
    }

    private HealthResult result(final SlotStatus status) {
        final Map<String, Object> data = new LinkedHashMap<>();
        data.put("slot", store.slot());
        data.put("active", status.active());
        data.put("retainedWalBytes", status.retainedBytes());
        data.put("maxRetainedWalBytes", store.retained().maxBytes());
        status.safeWalBytes().ifPresent(safe -> data.put("safeWalBytes", safe));
        final Optional<String> problem = store.retained().problem();
        return problem.map(reason -> HealthResult.down(reason, data)).orElseGet(() -> HealthResult.up(data));
    }
}
