package org.jzenith.core.health;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Runs the application's {@link HealthCheck}s in parallel, each bounded by its timeout, and
 * aggregates them into a {@link HealthReport}. Never fails: a broken, throwing or hanging check
 * is reported as DOWN with the reason.
 *
 * <p>The application's {@link Lifecycle} takes part as a check named {@code lifecycle}, listed only
 * while it is DOWN: in readiness (and the whole report) unless the application is serving, so that a
 * stopping application leaves its load balancer's rotation before its listener closes; in start-up
 * until every plugin has started.
 *
 * <pre>{@code
 * healthChecks.check(Optional.of(HealthCheck.Kind.READINESS)).onSuccess(report -> ...);
 * }</pre>
 *
 * <p>Thread-safe; may be called from any thread.
 */
@Singleton
public final class HealthChecks {

    /** The name under which the lifecycle is listed while it is DOWN. */
    public static final String LIFECYCLE = "lifecycle";

    private final Vertx vertx;
    private final List<HealthCheck> checks;
    private final Lifecycle lifecycle;

    /** Checks that run outside an application, which is then always taken as serving. */
    public HealthChecks(final Vertx vertx, final Set<HealthCheck> checks) {
        this(vertx, checks, Lifecycle.serving());
    }

    @Inject
    public HealthChecks(final Vertx vertx, final Set<HealthCheck> checks, final Lifecycle lifecycle) {
        this.vertx = vertx;
        this.checks =
                checks.stream().sorted(Comparator.comparing(HealthCheck::name)).toList();
        this.lifecycle = lifecycle;
    }

    /** Runs every check of {@code kind}, or every check when empty. */
    public Future<HealthReport> check(final Optional<HealthCheck.Kind> kind) {
        final List<HealthCheck> selected = checks.stream()
                .filter(check -> kind.isEmpty() || check.kinds().contains(kind.get()))
                .toList();
        final List<Future<HealthReport.Check>> results = new ArrayList<>(selected.size());
        for (final HealthCheck check : selected) {
            results.add(run(check).map(result -> new HealthReport.Check(check.name(), result)));
        }
        lifecycleDown(kind).ifPresent(down -> results.add(Future.succeededFuture(down)));
        return Future.join(results)
                .transform(ignored -> Future.succeededFuture(HealthReport.of(results.stream()
                        .map(Future::result)
                        .sorted(Comparator.comparing(HealthReport.Check::name))
                        .toList())));
    }

    /** All checks. */
    public Future<HealthReport> checkAll() {
        return check(Optional.empty());
    }

    /** The lifecycle as a DOWN check, when it speaks against {@code kind}; read once per report. */
    private Optional<HealthReport.Check> lifecycleDown(final Optional<HealthCheck.Kind> kind) {
        final Lifecycle.Stage stage = lifecycle.stage();
        final boolean down =
                switch (kind.orElse(HealthCheck.Kind.READINESS)) {
                    case READINESS -> stage != Lifecycle.Stage.SERVING;
                    case STARTUP -> stage == Lifecycle.Stage.STARTING;
                    case LIVENESS -> false;
                };
        if (!down) {
            return Optional.empty();
        }
        return Optional.of(new HealthReport.Check(
                LIFECYCLE,
                HealthResult.down(stage == Lifecycle.Stage.STARTING ? "starting" : "stopping: takes no new traffic")));
    }

    private Future<HealthResult> run(final HealthCheck check) {
        final Promise<HealthResult> promise = Promise.promise();
        final long timeoutMillis = Math.max(1, check.timeout().toMillis());
        final long timer = vertx.setTimer(
                timeoutMillis,
                ignored -> promise.tryComplete(HealthResult.down("timed out after " + timeoutMillis + " ms")));
        Future<HealthResult> future;
        try {
            future = check.check();
        } catch (final RuntimeException e) {
            future = Future.failedFuture(e);
        }
        future.onComplete(outcome -> {
            vertx.cancelTimer(timer);
            if (outcome.succeeded()) {
                promise.tryComplete(outcome.result());
            } else {
                promise.tryComplete(HealthResult.down(describe(outcome.cause())));
            }
        });
        return promise.future();
    }

    private static String describe(final Throwable failure) {
        final String message = failure.getMessage();
        return message == null || message.isBlank() ? failure.getClass().getSimpleName() : message;
    }
}
