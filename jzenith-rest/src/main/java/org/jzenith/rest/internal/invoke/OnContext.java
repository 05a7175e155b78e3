package org.jzenith.rest.internal.invoke;

import io.vertx.core.Context;
import io.vertx.core.Vertx;

/** Runs response-writing code on the request's own event loop, hopping there only when needed. */
final class OnContext {

    private OnContext() {}

    static void run(final Context context, final Runnable action) {
        // A virtual thread is never the event loop; asking Vert.x for its current context there would
        // look up a thread-local, creating a thread-local map for every request's new thread.
        if (!Thread.currentThread().isVirtual() && Vertx.currentContext() == context) {
            action.run();
        } else {
            context.runOnContext(ignored -> action.run());
        }
    }
}
