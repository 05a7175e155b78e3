package org.jzenith.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AwaitTest {

    @Test
    void untilReturnsOnceTheConditionHoldsAndFailsNamingItOtherwise() {
        final AtomicInteger polls = new AtomicInteger();
        Await.until(Duration.ofSeconds(5), "the third poll", () -> polls.incrementAndGet() >= 3);
        assertThat(polls).hasValue(3);

        assertThatThrownBy(() -> Await.until(Duration.ofMillis(100), "pigs fly", () -> false))
                .isInstanceOf(AssertionError.class)
                .hasMessage("waited 100 ms in vain until pigs fly");
    }

    @Test
    void resultGivesTheValueOrThrowsTheFailureAsItIs() {
        assertThat(Await.result(Future.succeededFuture("value"))).isEqualTo("value");

        final IllegalArgumentException failure = new IllegalArgumentException("no");
        assertThatThrownBy(() -> Await.result(Future.failedFuture(failure))).isSameAs(failure);
        assertThatThrownBy(() -> Await.result(Future.failedFuture(new IOException("checked"))))
                .isInstanceOf(IllegalStateException.class)
                .hasCauseInstanceOf(IOException.class);
        assertThatThrownBy(() -> Await.result(Promise.promise().future(), Duration.ofMillis(50)))
                .isInstanceOf(AssertionError.class)
                .hasMessage("no result within 50 ms");
    }

    @Test
    void failureGivesTheFailureAndInsistsOnOne() {
        final IllegalStateException failure = new IllegalStateException("down");
        assertThat(Await.failure(Future.failedFuture(failure))).isSameAs(failure);
        assertThatThrownBy(() -> Await.failure(Future.succeededFuture(42)))
                .isInstanceOf(AssertionError.class)
                .hasMessage("succeeded with 42 where a failure was expected");
        assertThatThrownBy(() -> Await.failure(Promise.promise().future(), Duration.ofMillis(50)))
                .hasMessage("no failure within 50 ms");
    }
}
