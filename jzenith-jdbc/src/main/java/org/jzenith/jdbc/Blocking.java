package org.jzenith.jdbc;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.concurrent.Callable;

/** Runs blocking JDBC work on a new virtual thread, never on an event loop. */
final class Blocking {

    private Blocking() {}

    /**
     * Runs {@code work} on a new virtual thread named {@code name}. The future completes on the
     * caller's Vert.x context when there is one, else on the virtual thread.
     */
    static <T> Future<T> call(final String name, final Callable<T> work) {
        final Context context = Vertx.currentContext();
        final Promise<T> promise = Promise.promise();
        // The caller's trace context goes along, so that the statements are its request's children.
        Thread.ofVirtual()
                .name(name)
                .start(io.opentelemetry.context.Context.current().wrap(() -> {
                    T result = null;
                    Throwable failure = null;
                    try {
                        result = work.call();
                    } catch (final Exception | Error e) {
                        failure = e;
                    }
                    final T value = result;
                    final Throwable cause = failure;
                    final Runnable complete = () -> {
                        if (cause == null) {
                            promise.complete(value);
                        } else {
                            promise.fail(cause);
                        }
                    };
                    if (context == null) {
                        complete.run();
                    } else {
                        context.runOnContext(ignored -> complete.run());
                    }
                }));
        return promise.future();
    }
}
