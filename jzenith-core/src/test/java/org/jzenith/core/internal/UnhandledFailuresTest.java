package org.jzenith.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class UnhandledFailuresTest {

    /** The failure as Vert.x's SQL pool throws it from its wait timer (eclipse-vertx/vertx-sql-client#1567). */
    private static IllegalStateException poolRace() {
        final IllegalStateException failure = new IllegalStateException("Promise already completed");
        failure.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("io.vertx.core.Promise", "fail", "Promise.java", 110),
            new StackTraceElement(
                    "io.vertx.sqlclient.impl.pool.SqlConnectionPool$1PoolRequest",
                    "lambda$onEnqueue$1",
                    "SqlConnectionPool.java",
                    309)
        });
        return failure;
    }

    @Test
    void theSqlPoolsDoubleCompletionIsToldApartFromOtherFailures() {
        assertThat(UnhandledFailures.isSqlPoolRace(poolRace())).isTrue();
        assertThat(UnhandledFailures.isSqlPoolRace(new IllegalStateException("Promise already completed")))
                .as("the same message from elsewhere")
                .isFalse();
        final IllegalStateException other = new IllegalStateException("something else");
        other.setStackTrace(poolRace().getStackTrace());
        assertThat(UnhandledFailures.isSqlPoolRace(other)).isFalse();
        assertThat(UnhandledFailures.isSqlPoolRace(new NullPointerException())).isFalse();
    }

    @Test
    void theSqlPoolsRaceIsReportedOnceAMinuteWithItsCount() {
        final List<String> warnings = new ArrayList<>();
        final AtomicLong now = new AtomicLong();
        final UnhandledFailures failures = new UnhandledFailures(warnings::add, now::get);

        failures.handle(poolRace());
        assertThat(warnings).hasSize(1);
        assertThat(warnings.get(0)).contains("1 time(s)", "vertx-sql-client#1567", "nothing is lost");

        for (int i = 0; i < 5; i++) {
            now.addAndGet(Duration.ofSeconds(10).toNanos());
            failures.handle(poolRace());
        }
        assertThat(warnings).as("not again within the minute").hasSize(1);

        now.addAndGet(Duration.ofSeconds(11).toNanos());
        failures.handle(poolRace());
        assertThat(warnings).hasSize(2);
        assertThat(warnings.get(1)).contains("6 time(s)");
    }
}
