package org.jzenith.postgresql;

import io.vertx.core.Context;
import io.vertx.core.Future;
import org.jzenith.core.errors.Failures;

/**
 * Waits for the reactive client's futures on the virtual threads of the blocking SPIs (the outbox
 * relay's {@link org.jzenith.core.spi.outbox.OutboxStore}). Vert.x's {@link Future#await()} parks a
 * thread that no Vert.x context runs with a latch, and rethrows the future's failure as it is, even a
 * checked one (a {@code ConnectException}): here it comes out unchecked, so that callers catching
 * {@link RuntimeException} see it.
 */
final class Awaiting {

    private Awaiting() {}

    /** The future's result, waiting for it; never on an event loop, which would wait for itself. */
    static <T> T result(final Future<T> future) {
        if (Context.isOnEventLoopThread()) {
            throw new IllegalStateException("a blocking outbox call on an event loop; call it on a virtual thread");
        }
        try {
            return future.await();
        } catch (final RuntimeException | Error e) {
            throw e;
        } catch (final Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException(Failures.describe(e), e);
        }
    }
}
