package org.jzenith.core.internal.tracing;

import io.opentelemetry.context.Context;
import io.vertx.core.internal.VertxBootstrap;
import io.vertx.core.spi.VertxServiceProvider;
import io.vertx.core.spi.context.storage.ContextLocal;

/**
 * The slot of a Vert.x context that holds the OpenTelemetry context of the request it serves, so
 * that a span started on an event loop is the parent of what the request's callbacks do there.
 *
 * <p>Vert.x sizes a context's slots when a Vert.x instance is made, and a slot registered later is
 * missing from instances made before. Vert.x loads this class as a service provider while it makes
 * its first instance, which registers the slot in time for every instance of the process.
 */
public final class TracingLocal implements VertxServiceProvider {

    static final ContextLocal<Context> KEY = ContextLocal.registerLocal(Context.class);

    @Override
    public void init(final VertxBootstrap bootstrap) {
        // Registering the slot is all this provider does, in the static initialiser.
    }
}
