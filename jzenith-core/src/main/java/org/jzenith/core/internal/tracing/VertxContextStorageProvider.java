package org.jzenith.core.internal.tracing;

import io.opentelemetry.context.ContextStorage;
import io.opentelemetry.context.ContextStorageProvider;

/** Makes OpenTelemetry keep its current context where {@link VertxContextStorage} says. */
public final class VertxContextStorageProvider implements ContextStorageProvider {

    @Override
    public ContextStorage get() {
        return new VertxContextStorage();
    }
}
