package org.jzenith.core.store;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.errors.Failures;
import org.slf4j.Logger;

/**
 * How a store plugin makes its first connection at start-up: it tries again, with a growing pause,
 * while the failure says "not now" (the connection or the pool timed out, the server is starting or
 * has no connection slot free), for up to half of {@code jzenith.start-timeout}; any other failure (a
 * wrong password, an unknown database, nothing listening at the address) ends the start at once, as
 * does the last "not now" when the time is up. A replacement instance that starts while its database
 * is loaded by the instances it replaces then starts a little later instead of not at all; half the
 * start timeout is left for what follows the connection (migrations).
 *
 * <pre>{@code
 * FirstConnection first = FirstConnection.within(core, "PostgreSQL at db:5432", Unavailable::isSlow, LOG);
 * return first.attempt(vertx, () -> pool.query("SELECT 1").execute());          // on the event loop
 * String product = first.attemptBlocking(() -> product(dataSource));            // on a virtual thread
 * }</pre>
 *
 * <p>Each failed attempt that is tried again is logged at WARN with its reason, so that a slow start
 * says why. Immutable; each call makes its own attempts.
 */
public final class FirstConnection {

    private static final Duration FIRST_PAUSE = Duration.ofMillis(100);
    private static final Duration LONGEST_PAUSE = Duration.ofSeconds(2);

    private final Duration budget;
    private final String target;
    private final Predicate<Throwable> notNow;
    private final Logger log;
    private final UnaryOperator<String> mask;

    private FirstConnection(
            final Duration budget,
            final String target,
            final Predicate<Throwable> notNow,
            final Logger log,
            final UnaryOperator<String> mask) {
        this.budget = budget;
        this.target = target;
        this.notNow = notNow;
        this.log = log;
        this.mask = mask;
    }

    /**
     * Attempts that go on for up to half of {@code core}'s start timeout, while {@code notNow} says a
     * failure (or one of its causes) may pass; {@code target} names the store in the log, without
     * secrets.
     */
    public static FirstConnection within(
            final CoreConfiguration core, final String target, final Predicate<Throwable> notNow, final Logger log) {
        return within(core.startTimeout().dividedBy(2), target, notNow, log);
    }

    /** Attempts that go on for up to {@code budget}; see {@link #within(CoreConfiguration, String, Predicate, Logger)}. */
    public static FirstConnection within(
            final Duration budget, final String target, final Predicate<Throwable> notNow, final Logger log) {
        return new FirstConnection(budget, target, notNow, log, UnaryOperator.identity());
    }

    /** These attempts, with the failures they log passed through {@code mask} (which hides secrets). */
    public FirstConnection masking(final UnaryOperator<String> mask) {
        return new FirstConnection(budget, target, notNow, log, mask);
    }

    /** Runs {@code attempt} until it succeeds, fails for good, or the time is up; never blocks. */
    public <T> Future<T> attempt(final Vertx vertx, final Supplier<Future<T>> attempt) {
        final Promise<T> result = Promise.promise();
        attempt(vertx, attempt, result, new Attempts(System.nanoTime()));
        return result.future();
    }

    private <T> void attempt(
            final Vertx vertx, final Supplier<Future<T>> attempt, final Promise<T> result, final Attempts attempts) {
        Future<T> tried;
        try {
            tried = attempt.get();
        } catch (final RuntimeException e) {
            tried = Future.failedFuture(e);
        }
        tried.onComplete(result::complete, failure -> attempts.next(failure)
                .ifPresentOrElse(
                        pause -> vertx.setTimer(
                                Math.max(1, pause.toMillis()), timer -> attempt(vertx, attempt, result, attempts)),
                        () -> result.fail(failure)));
    }

    /**
     * Runs {@code attempt} on the calling thread (a virtual or worker thread, never an event loop)
     * until it succeeds, fails for good, or the time is up.
     */
    public <T> T attemptBlocking(final Callable<T> attempt) throws Exception {
        final Attempts attempts = new Attempts(System.nanoTime());
        while (true) {
            try {
                return attempt.call();
            } catch (final Exception e) {
                final Optional<Duration> pause = attempts.next(e);
                if (pause.isEmpty()) {
                    throw e;
                }
                Thread.sleep(pause.get());
            }
        }
    }

    /** Whether {@code failure} or one of its causes passes {@code test}. */
    public static boolean anyCause(final Throwable failure, final Predicate<Throwable> test) {
        int depth = 0;
        for (Throwable current = failure; current != null && depth < 16; current = current.getCause(), depth++) {
            if (test.test(current)) {
                return true;
            }
        }
        return false;
    }

    /** The count and pauses of one run of attempts; used by one thread at a time. */
    private final class Attempts {

        private final long started;
        private int failed;
        private Duration pause = FIRST_PAUSE;

        Attempts(final long started) {
            this.started = started;
        }

        /** The pause before the next attempt after {@code failure}, or empty when there is none. */
        Optional<Duration> next(final Throwable failure) {
            failed++;
            final Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
            // A quarter more or less, so that instances started together do not try again together.
            final Duration jittered = Duration.ofMillis(
                    (long) (pause.toMillis() * ThreadLocalRandom.current().nextDouble(0.75, 1.25)));
            if (!anyCause(failure, notNow) || elapsed.plus(jittered).compareTo(budget) >= 0) {
                if (failed > 1) {
                    log.warn(
                            "Gave up connecting to {} after {} attempts in {} ms: {}",
                            target,
                            failed,
                            elapsed.toMillis(),
                            mask.apply(Failures.describe(failure)));
                }
                return Optional.empty();
            }
            log.warn(
                    "Connecting to {} failed ({}); trying again in {} ms, for up to {} s in all (half of"
                            + " jzenith.start-timeout)",
                    target,
                    mask.apply(Failures.describe(failure)),
                    jittered.toMillis(),
                    budget.toSeconds());
            pause = pause.multipliedBy(2).compareTo(LONGEST_PAUSE) > 0 ? LONGEST_PAUSE : pause.multipliedBy(2);
            return Optional.of(jittered);
        }
    }
}
