package org.jzenith.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class FirstConnectionTest {

    private static Vertx vertx;

    @BeforeAll
    static void startVertx() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void closeVertx() {
        vertx.close().await();
    }

    private static FirstConnection within(final Duration budget) {
        return FirstConnection.within(
                budget,
                "the test's store",
                failure -> failure instanceof TimeoutException,
                LoggerFactory.getLogger(FirstConnectionTest.class));
    }

    @Test
    void aFailureThatSaysNotNowIsTriedAgainUntilItPasses() throws Exception {
        final AtomicInteger attempts = new AtomicInteger();
        final String connected = within(Duration.ofSeconds(10)).attemptBlocking(() -> {
            if (attempts.incrementAndGet() < 3) {
                throw new IllegalStateException("cannot connect", new TimeoutException("timed out"));
            }
            return "connected";
        });
        assertThat(connected).isEqualTo("connected");
        assertThat(attempts).hasValue(3);
    }

    @Test
    void anyOtherFailureEndsTheStartAtOnce() {
        final AtomicInteger attempts = new AtomicInteger();
        assertThatThrownBy(() -> within(Duration.ofSeconds(10)).attemptBlocking(() -> {
                    attempts.incrementAndGet();
                    throw new IllegalStateException("password authentication failed");
                }))
                .hasMessage("password authentication failed");
        assertThat(attempts).hasValue(1);
    }

    @Test
    void theLastFailureEndsTheStartWhenTheTimeIsUp() {
        final AtomicInteger attempts = new AtomicInteger();
        final long start = System.nanoTime();
        assertThatThrownBy(() -> within(Duration.ofMillis(500)).attemptBlocking(() -> {
                    throw new TimeoutException("attempt " + attempts.incrementAndGet());
                }))
                .isInstanceOf(TimeoutException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        assertThat(attempts.get()).as("100, 200 ms pauses fit in 500 ms").isBetween(2, 5);
    }

    @Test
    void theEventLoopVersionTriesAgainWithoutBlocking() {
        final AtomicInteger attempts = new AtomicInteger();
        final Future<String> connected = within(Duration.ofSeconds(10))
                .attempt(
                        vertx,
                        () -> attempts.incrementAndGet() < 3
                                ? Future.failedFuture(new TimeoutException("timed out"))
                                : Future.succeededFuture("connected"));
        assertThat(connected.await()).isEqualTo("connected");
        assertThat(attempts).hasValue(3);

        final AtomicInteger refused = new AtomicInteger();
        final Future<String> failed = within(Duration.ofSeconds(10)).attempt(vertx, () -> {
            refused.incrementAndGet();
            return Future.failedFuture(new IllegalStateException("no such database"));
        });
        assertThat(failed.transform(outcome -> Future.succeededFuture(outcome.cause()))
                        .await())
                .hasMessage("no such database");
        assertThat(refused).hasValue(1);
    }
}
