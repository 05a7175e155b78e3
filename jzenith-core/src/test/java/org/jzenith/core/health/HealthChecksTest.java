package org.jzenith.core.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HealthChecksTest {

    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void closeVertx() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
    }

    @Test
    void aggregatesChecksAndTimesOutAHangingOne() throws Exception {
        final HealthChecks checks = new HealthChecks(
                vertx,
                Set.of(
                        check(
                                "database",
                                Set.of(HealthCheck.Kind.READINESS),
                                Future.succeededFuture(HealthResult.up(Map.of("connections", 3)))),
                        new HangingCheck()));

        final long start = System.nanoTime();
        final HealthReport report =
                checks.checkAll().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);

        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(2_000);
        assertThat(report.status()).isEqualTo(HealthStatus.DOWN);
        assertThat(report.checks()).extracting(HealthReport.Check::name).containsExactly("database", "hanging");
        assertThat(report.checks().get(0).result()).isEqualTo(HealthResult.up(Map.of("connections", 3)));
        assertThat(report.checks().get(1).result()).isEqualTo(HealthResult.down("timed out after 100 ms"));
    }

    @Test
    void aFailingOrThrowingCheckIsDownWithItsReason() throws Exception {
        final HealthCheck throwing = new HealthCheck() {
            @Override
            public String name() {
                return "throwing";
            }

            @Override
            public Future<HealthResult> check() {
                throw new IllegalStateException("no connection");
            }
        };
        final HealthChecks checks = new HealthChecks(
                vertx,
                Set.of(throwing, check("failing", Set.of(HealthCheck.Kind.READINESS), Future.failedFuture("refused"))));

        final HealthReport report =
                checks.checkAll().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);

        assertThat(report.checks())
                .extracting(check -> check.result().reason().orElseThrow())
                .containsExactly("refused", "no connection");
    }

    @Test
    void selectsLivenessAndReadinessChecks() throws Exception {
        final HealthChecks checks = new HealthChecks(
                vertx,
                Set.of(
                        check(
                                "event-loop",
                                Set.of(HealthCheck.Kind.LIVENESS),
                                Future.succeededFuture(HealthResult.up())),
                        check(
                                "database",
                                Set.of(HealthCheck.Kind.READINESS),
                                Future.succeededFuture(HealthResult.down("connection refused")))));

        final HealthReport live = checks.check(Optional.of(HealthCheck.Kind.LIVENESS))
                .toCompletionStage()
                .toCompletableFuture()
                .get(5, TimeUnit.SECONDS);
        final HealthReport ready = checks.check(Optional.of(HealthCheck.Kind.READINESS))
                .toCompletionStage()
                .toCompletableFuture()
                .get(5, TimeUnit.SECONDS);

        assertThat(live.isUp()).isTrue();
        assertThat(live.checks()).extracting(HealthReport.Check::name).containsExactly("event-loop");
        assertThat(ready.isUp()).isFalse();
        assertThat(ready.checks()).extracting(HealthReport.Check::name).containsExactly("database");
    }

    @Test
    void aSlowCheckIsAnsweredWithinTheBudgetByItsLastResultAndRunsOnceAtATime() throws Exception {
        final SlowCheck slow = new SlowCheck();
        final HealthChecks checks =
                new HealthChecks(vertx, Set.of(slow), Lifecycle.serving(), Optional.of(Duration.ofMillis(200)));

        // No result yet: DOWN within the budget, saying so, while the check goes on.
        final HealthReport first = report(checks);
        assertThat(first.checks().get(0).result().reason())
                .hasValueSatisfying(reason -> assertThat(reason).contains("no answer within the budget of 200 ms"));
        final HealthReport meanwhile = report(checks);
        assertThat(meanwhile.isUp()).isFalse();
        assertThat(slow.started).as("a second report joins the check in flight").isEqualTo(1);

        slow.answer(HealthResult.up(Map.of("connections", 4)));
        final HealthReport answered = report(checks);
        assertThat(slow.started).as("the finished check runs again").isEqualTo(2);
        assertThat(answered.isUp())
                .as("its last result stands in for the answer that has not come yet")
                .isTrue();
        assertThat(answered.checks().get(0).result().data()).containsEntry("connections", 4);

        slow.answer(HealthResult.down("connection refused"));
        assertThat(report(checks).checks().get(0).result().reason()).contains("connection refused");
    }

    private static HealthReport report(final HealthChecks checks) throws Exception {
        final long start = System.nanoTime();
        final HealthReport report =
                checks.checkAll().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
        assertThat(Duration.ofNanos(System.nanoTime() - start))
                .as("answered within the budget and a margin")
                .isLessThan(Duration.ofSeconds(3));
        return report;
    }

    /** A check that answers when the test says so, each run with the next answer. */
    private static final class SlowCheck implements HealthCheck {
        private volatile Promise<HealthResult> pending;
        private volatile int started;

        @Override
        public String name() {
            return "slow";
        }

        @Override
        public Future<HealthResult> check() {
            started++;
            pending = Promise.promise();
            return pending.future();
        }

        @Override
        public Duration timeout() {
            return Duration.ofSeconds(30);
        }

        void answer(final HealthResult result) {
            pending.complete(result);
        }
    }

    @Test
    void noChecksMeansUp() throws Exception {
        final HealthReport report = new HealthChecks(vertx, Set.of())
                .checkAll()
                .toCompletionStage()
                .toCompletableFuture()
                .get(5, TimeUnit.SECONDS);
        assertThat(report.isUp()).isTrue();
        assertThat(report.checks()).isEmpty();
    }

    private static HealthCheck check(
            final String name, final Set<HealthCheck.Kind> kinds, final Future<HealthResult> result) {
        return new HealthCheck() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Future<HealthResult> check() {
                return result;
            }

            @Override
            public Set<Kind> kinds() {
                return kinds;
            }
        };
    }

    private static final class HangingCheck implements HealthCheck {
        @Override
        public String name() {
            return "hanging";
        }

        @Override
        public Future<HealthResult> check() {
            return Promise.<HealthResult>promise().future();
        }

        @Override
        public Duration timeout() {
            return Duration.ofMillis(100);
        }
    }
}
