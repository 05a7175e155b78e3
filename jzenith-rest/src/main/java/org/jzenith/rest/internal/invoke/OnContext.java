package org.jzenith.rest.internal.invoke;

import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;

/** Runs response-writing code on the request's own event loop, hopping there only when needed. */
final class OnContext {

    /**
     * Code that answers a request on its event loop, made so that it is the event loop's task itself:
     * the answer of every request that ran on a virtual thread crosses to the event loop, and a
     * wrapper would be one more object per request.
     */
    @FunctionalInterface
    interface Answer extends Runnable, Handler<Void> {

        @Override
        default void handle(final Void ignored) {
            run();
        }
    }

    private OnContext() {}

    static void run(final Context context, final Runnable action) {
        // A virtual thread is never the event loop; asking Vert.x for its current context there would
        // look up a thread-local, creating a thread-local map for every request's new thread.
        if (!Thread.currentThread().isVirtual() && Vertx.currentContext() == context) {
            action.run();
        } else {
            // An Answer is its own event-loop task; anything else is wrapped in one.
            context.runOnContext(action instanceof Answer answer ? answer : ignored -> action.run());
        }
    }
}
