package org.jzenith.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthChecks;
import org.jzenith.core.health.HealthReport;
import org.jzenith.core.health.HealthResult;
import org.jzenith.core.health.Lifecycle;

/**
 * The stages a load balancer and an orchestrator see through the probes: not started and not ready
 * while plugins start; started and ready once all have; not ready from the moment stopping begins,
 * for the whole pre-stop delay, before any plugin stops.
 */
class TerminationSequenceTest {

    @Test
    void startupAndReadinessAreDownWhilePluginsStartAndUpOnceAllHave() {
        final List<String> seenWhileStarting = new CopyOnWriteArrayList<>();
        final JZenith app = JZenith.application()
                .withPlugins(new Plugin() {
                    @Override
                    public String name() {
                        return "probing";
                    }

                    @Override
                    public Future<Void> start(final PluginContext context) {
                        final HealthChecks health = context.instance(HealthChecks.class);
                        return health.check(Optional.of(HealthCheck.Kind.STARTUP))
                                .compose(started -> health.check(Optional.of(HealthCheck.Kind.READINESS))
                                        .map(ready -> {
                                            seenWhileStarting.add("started " + describe(started));
                                            seenWhileStarting.add("ready " + describe(ready));
                                            return null;
                                        }));
                    }
                })
                .start();
        try {
            assertThat(seenWhileStarting)
                    .containsExactly("started DOWN lifecycle: starting", "ready DOWN lifecycle: starting");
            assertThat(app.instance(Lifecycle.class).stage()).isEqualTo(Lifecycle.Stage.SERVING);
            assertThat(describe(check(app, HealthCheck.Kind.STARTUP))).isEqualTo("UP");
            assertThat(describe(check(app, HealthCheck.Kind.READINESS))).isEqualTo("UP");
            assertThat(describe(check(app, HealthCheck.Kind.LIVENESS))).isEqualTo("UP");
        } finally {
            app.stop();
        }
    }

    @Test
    void readinessTurnsDownAtOnceAndThePluginsStopOnlyAfterThePreStopDelay() throws Exception {
        final CompletableFuture<Long> pluginStopped = new CompletableFuture<>();
        final JZenith app = JZenith.application("--jzenith.shutdown.pre-stop-delay=1s")
                .withPlugins(new Plugin() {
                    @Override
                    public String name() {
                        return "server";
                    }

                    @Override
                    public Future<Void> stop(final PluginContext context) {
                        pluginStopped.complete(System.nanoTime());
                        return Future.succeededFuture();
                    }
                })
                .start();
        final HealthChecks health = app.instance(HealthChecks.class);
        assertThat(describe(check(health, HealthCheck.Kind.READINESS))).isEqualTo("UP");

        final long stopAsked = System.nanoTime();
        final Thread stopping = Thread.ofVirtual().start(app::stop);
        awaitUntil(() -> !check(health, HealthCheck.Kind.READINESS).isUp());
        final HealthReport ready = check(health, HealthCheck.Kind.READINESS);

        assertThat(pluginStopped)
                .as("no plugin stops while readiness tells the load balancer")
                .isNotDone();
        assertThat(describe(ready)).isEqualTo("DOWN lifecycle: stopping: takes no new traffic");
        assertThat(describe(check(health, HealthCheck.Kind.LIVENESS)))
                .as("still alive: an orchestrator must not restart it")
                .isEqualTo("UP");
        assertThat(stopping.join(Duration.ofSeconds(10))).isTrue();
        assertThat(Duration.ofNanos(pluginStopped.get(1, TimeUnit.SECONDS) - stopAsked))
                .isGreaterThanOrEqualTo(Duration.ofSeconds(1));
    }

    /** Polls {@code condition} every 10 ms, for up to 5 s. */
    private static void awaitUntil(final BooleanSupplier condition) {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime())
                    .as("waited 5 s for readiness to turn DOWN")
                    .isLessThan(deadline);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
    }

    private static HealthReport check(final JZenith app, final HealthCheck.Kind kind) {
        return check(app.instance(HealthChecks.class), kind);
    }

    private static HealthReport check(final HealthChecks health, final HealthCheck.Kind kind) {
        try {
            return health.check(Optional.of(kind))
                    .toCompletionStage()
                    .toCompletableFuture()
                    .get(5, TimeUnit.SECONDS);
        } catch (final Exception e) {
            throw new AssertionError(e);
        }
    }

    private static String describe(final HealthReport report) {
        final StringBuilder text = new StringBuilder(report.status().name());
        for (final HealthReport.Check check : report.checks()) {
            final HealthResult result = check.result();
            text.append(' ')
                    .append(check.name())
                    .append(": ")
                    .append(result.reason().orElse("UP"));
        }
        return text.toString();
    }
}
