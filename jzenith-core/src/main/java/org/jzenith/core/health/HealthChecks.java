package org.jzenith.core.health;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.jzenith.core.configuration.CoreConfiguration;

/**
 * Runs the application's {@link HealthCheck}s in parallel, each bounded by its timeout, and
 * aggregates them into a {@link HealthReport}. Never fails: a broken, throwing or hanging check
 * is reported as DOWN with the reason.
 *
 * <p>A check runs once at a time: reports asked for while it runs share its answer, so a load
 * balancer's frequent checks do not pile up on a slow database. With a budget ({@code
 * jzenith.health.budget}), a report is ready within it however slow a check is: a check that has not
 * answered by then is reported with its last result (if that is at most {@value
 * #LAST_RESULT_SECONDS} s old; else DOWN, "no answer within the budget"), and goes on running until
 * it answers or its own timeout passes, which then is its last result. Without one, a report waits
 * for each check up to the check's own timeout.
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

    /** How old a check's last result may be to stand in for an answer that has not come yet. */
    static final long LAST_RESULT_SECONDS = 30;

    private final Vertx vertx;
    private final List<Running> checks;
    private final Lifecycle lifecycle;
    private final Optional<Duration> budget;

    /** Checks that run outside an application, which is then always taken as serving. */
    public HealthChecks(final Vertx vertx, final Set<HealthCheck> checks) {
        this(vertx, checks, Lifecycle.serving(), Optional.empty());
    }

    @Inject
    HealthChecks(
            final Vertx vertx, final Set<HealthCheck> checks, final Lifecycle lifecycle, final CoreConfiguration core) {
        this(vertx, checks, lifecycle, core.health().budget());
    }

    /** Checks of an application in {@code lifecycle}, each report ready within {@code budget} if one is given. */
    public HealthChecks(
            final Vertx vertx,
            final Set<HealthCheck> checks,
            final Lifecycle lifecycle,
            final Optional<Duration> budget) {
        this.vertx = vertx;
        this.checks = checks.stream()
                .sorted(Comparator.comparing(HealthCheck::name))
                .map(Running::new)
                .toList();
        this.lifecycle = lifecycle;
        this.budget = budget;
    }

    /** Runs every check of {@code kind}, or every check when empty. */
    public Future<HealthReport> check(final Optional<HealthCheck.Kind> kind) {
        final List<Running> selected = checks.stream()
                .filter(running -> kind.isEmpty() || running.check.kinds().contains(kind.get()))
                .toList();
        final List<Future<HealthReport.Check>> results = new ArrayList<>(selected.size());
        for (final Running running : selected) {
            results.add(withinBudget(running).map(result -> new HealthReport.Check(running.check.name(), result)));
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

    /** The check's answer; with a budget, its last result or DOWN if it does not come within it. */
    private Future<HealthResult> withinBudget(final Running running) {
        final Future<HealthResult> answer = running.current();
        if (answer.isComplete() || budget.isEmpty()) {
            return answer;
        }
        final Promise<HealthResult> promise = Promise.promise();
        final long budgetMillis = Math.max(1, budget.get().toMillis());
        final long timer = vertx.setTimer(
                budgetMillis,
                ignored -> promise.tryComplete(running.last()
                        .filter(last ->
                                System.nanoTime() - last.atNanos() <= TimeUnit.SECONDS.toNanos(LAST_RESULT_SECONDS))
                        .map(Answered::result)
                        .orElseGet(() -> HealthResult.down("no answer within the budget of " + budgetMillis
                                + " ms (jzenith.health.budget), and no result in the last " + LAST_RESULT_SECONDS
                                + " s; the check goes on"))));
        answer.onComplete(outcome -> {
            vertx.cancelTimer(timer);
            promise.tryComplete(outcome.result());
        });
        return promise.future();
    }

    /** A result and when it came. */
    private record Answered(HealthResult result, long atNanos) {}

    /** One check: the run in flight, shared by the reports that ask meanwhile, and its last result. */
    private final class Running {

        private final HealthCheck check;
        private Future<HealthResult> inFlight; // guarded by this
        private volatile Optional<Answered> last = Optional.empty();

        Running(final HealthCheck check) {
            this.check = check;
        }

        /** The run in flight, or a new one; never fails. */
        synchronized Future<HealthResult> current() {
            if (inFlight == null || inFlight.isComplete()) {
                final Future<HealthResult> started = run(check);
                started.onSuccess(result -> last = Optional.of(new Answered(result, System.nanoTime())));
                // A check that answers at once needs no entry: the next report runs it again.
                inFlight = started;
            }
            return inFlight;
        }

        Optional<Answered> last() {
            return last;
        }
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
