package org.jzenith.messaging.consumer.threads;

import io.vertx.core.Context;

/**
 * The thread a guide's method ran on, as it saw it.
 *
 * @param eventLoop whether it was a Vert.x event-loop thread
 * @param virtual whether it was a virtual thread
 * @param thread the thread's name, for failures
 */
public record Where(boolean eventLoop, boolean virtual, String thread) {

    /** Where the caller runs. */
    public static Where here() {
        return new Where(
                Context.isOnEventLoopThread(),
                Thread.currentThread().isVirtual(),
                Thread.currentThread().getName());
    }
}
