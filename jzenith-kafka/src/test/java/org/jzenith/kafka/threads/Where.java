package org.jzenith.kafka.threads;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.Optional;

/**
 * The thread a guide's method ran on, as it saw it.
 *
 * @param eventLoop whether it was a Vert.x event-loop thread
 * @param virtual whether it was a virtual thread
 * @param thread the thread's name, for failures
 * @param context the Vert.x context it ran on, if any
 */
public record Where(boolean eventLoop, boolean virtual, String thread, Optional<Context> context) {

    /** Where the caller runs. */
    public static Where here() {
        return new Where(
                Context.isOnEventLoopThread(),
                Thread.currentThread().isVirtual(),
                Thread.currentThread().getName(),
                Optional.ofNullable(Vertx.currentContext()));
    }
}
