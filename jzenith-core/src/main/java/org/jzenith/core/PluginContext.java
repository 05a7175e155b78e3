package org.jzenith.core;

import com.google.inject.Injector;
import io.vertx.core.Vertx;

/**
 * What a {@link Plugin} gets when it starts and stops: the application's injector and its one
 * Vert.x instance.
 *
 * <pre>{@code
 * HttpServer server = context.instance(HttpServer.class);
 * }</pre>
 */
public record PluginContext(Injector injector, Vertx vertx) {

    /** The instance the injector provides for {@code type}. */
    public <T> T instance(final Class<T> type) {
        return injector.getInstance(type);
    }
}
