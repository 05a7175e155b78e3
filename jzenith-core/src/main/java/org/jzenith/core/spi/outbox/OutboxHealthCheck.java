package org.jzenith.core.spi.outbox;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jzenith.core.errors.Failures;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;

/**
 * The health check {@code outbox}: the backlog, {@code pending} events and the {@code
 * oldestPendingSeconds}, and the events the broker refused for good, {@code setAside} for an operator
 * (see {@link OutboxStore#setAside}), as of the last count. UP however large the backlog: the outbox is the buffer
 * that keeps the service taking writes while the broker is away ({@code outbox.max-pending} bounds
 * it). A count that fails or takes longer than {@value #COUNT_WAIT_MILLIS} ms leaves it UP with the
 * last count, saying so ({@code countFailed}, {@code countedSecondsAgo}): the store is then away
 * (its own check, {@code jdbc} or {@code postgresql}, is DOWN and speaks for it) or busy with
 * requests, and neither should take a working instance out of its load balancer's rotation. DOWN
 * only while no count has ever succeeded (the tables missing, say).
 *
 * <pre>{@code
 * GET /health/ready
 * {"status":"UP","checks":[{"name":"outbox","status":"UP","data":{"pending":1200,"oldestPendingSeconds":9.8,"setAside":0}}]}
 * }</pre>
 *
 * <p>Counts on a virtual thread ({@link OutboxStore} blocks), never on the event loop that calls
 * {@link #check()}, one count at a time. Store plugins bind it where they bind their {@link
 * OutboxStore}. Thread-safe.
 */
public final class OutboxHealthCheck implements HealthCheck {

    /** How long a check waits for its count before it answers with the last one. */
    static final long COUNT_WAIT_MILLIS = 500;

    private final Vertx vertx;
    private final OutboxStore outbox;
    private final Clock clock = Clock.systemUTC();
    private final AtomicBoolean counting = new AtomicBoolean();
    private volatile Optional<Counted> lastCount = Optional.empty();
    private volatile Optional<String> lastFailure = Optional.empty();

    /** A backlog and when it was counted. */
    private record Counted(OutboxStore.Backlog backlog, long atMillis) {}

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

    /** The wait for the count and a margin: the answer never waits for a slow count. */
    @Override
    public Duration timeout() {
        return Duration.ofMillis(COUNT_WAIT_MILLIS).plusSeconds(1);
    }

    @Override
    public Future<HealthResult> check() {
        final Context context = vertx.getOrCreateContext();
        final Promise<HealthResult> promise = Promise.promise();
        final long timer = vertx.setTimer(COUNT_WAIT_MILLIS, ignored -> promise.tryComplete(result()));
        if (counting.compareAndSet(false, true)) {
            Thread.ofVirtual().name("jzenith-outbox-health").start(() -> {
                count();
                context.runOnContext(ignored -> {
                    vertx.cancelTimer(timer);
                    promise.tryComplete(result());
                });
            });
        }
        return promise.future();
    }

    private void count() {
        try {
            lastCount = Optional.of(new Counted(outbox.backlog(), clock.millis()));
            lastFailure = Optional.empty();
        } catch (final RuntimeException e) {
            lastFailure = Optional.of(Failures.describe(e));
        } finally {
            counting.set(false);
        }
    }

    private HealthResult result() {
        final Optional<Counted> counted = lastCount;
        final Optional<String> failure = lastFailure;
        if (counted.isEmpty()) {
            return failure.map(reason -> HealthResult.down("cannot count the outbox: " + reason))
                    .orElseGet(() -> HealthResult.up(Map.of("counting", "the first count has not finished")));
        }
        final long now = clock.millis();
        final Map<String, Object> data = new LinkedHashMap<>();
        data.put("pending", counted.get().backlog().pending());
        data.put(
                "oldestPendingSeconds",
                counted.get()
                        .backlog()
                        .oldest()
                        .map(oldest -> Math.max(0, now - oldest.toEpochMilli()) / 1000.0)
                        .orElse(0.0));
        data.put("setAside", counted.get().backlog().setAside());
        final long ageMillis = now - counted.get().atMillis();
        if (failure.isPresent() || ageMillis > COUNT_WAIT_MILLIS) {
            data.put("countedSecondsAgo", Math.max(0, ageMillis) / 1000.0);
        }
        failure.ifPresent(reason -> data.put("countFailed", reason));
        return HealthResult.up(data);
    }
}
