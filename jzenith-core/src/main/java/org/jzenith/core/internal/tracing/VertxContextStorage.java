package org.jzenith.core.internal.tracing;

import io.opentelemetry.context.Context;
import io.opentelemetry.context.ContextStorage;
import io.opentelemetry.context.Scope;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.spi.context.storage.AccessMode;

/**
 * Keeps OpenTelemetry's current context in the Vert.x context when code runs on one, and in a
 * thread local elsewhere (virtual threads, workers the application made). An event loop serves many
 * requests in turns, so a thread local there would hand one request's span to the next; each request
 * runs on its own duplicated Vert.x context, which its callbacks share.
 */
final class VertxContextStorage implements ContextStorage {

    private final ContextStorage threads = ContextStorage.defaultStorage();

    @Override
    public Scope attach(final Context toAttach) {
        final ContextInternal vertx = ContextInternal.current();
        if (vertx == null) {
            return threads.attach(toAttach);
        }
        final Context before = TracingLocal.KEY.get(vertx, AccessMode.CONCURRENT);
        if (before == toAttach) {
            return Scope.noop();
        }
        TracingLocal.KEY.put(vertx, AccessMode.CONCURRENT, toAttach);
        return before == null
                ? () -> TracingLocal.KEY.remove(vertx, AccessMode.CONCURRENT)
                : () -> TracingLocal.KEY.put(vertx, AccessMode.CONCURRENT, before);
    }

    @Override
    public Context current() {
        final ContextInternal vertx = ContextInternal.current();
        return vertx == null ? threads.current() : TracingLocal.KEY.get(vertx, AccessMode.CONCURRENT);
    }
}
