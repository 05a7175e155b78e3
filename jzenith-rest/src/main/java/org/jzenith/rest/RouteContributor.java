package org.jzenith.rest;

import com.google.inject.Binder;
import com.google.inject.binder.LinkedBindingBuilder;
import com.google.inject.multibindings.Multibinder;
import io.vertx.ext.web.Router;

/**
 * Routes that a plugin or the application adds to the REST server beside its resources, such as
 * {@code /health} and {@code /metrics}. They come before every resource route, so that a resource
 * template like {@code /{slug}} cannot hide them. Bind one from any Guice module:
 *
 * <pre>{@code
 * RouteContributor.bind(binder()).to(VersionRoutes.class);
 *
 * final class VersionRoutes implements RouteContributor {
 *     public void addRoutes(final Router router, final RouteSupport support) {
 *         router.get("/version").handler(support.timed("GET", "/version", routing -> {
 *             support.addHeaders(routing.response());
 *             routing.response().end("1.4.2");
 *         }));
 *     }
 * }
 * }</pre>
 *
 * <p>Called once per start, on the thread that starts the application, before the server listens.
 * The handlers run on the event loop and must not block.
 */
public interface RouteContributor {

    /** Adds this contributor's routes to {@code router}. */
    void addRoutes(Router router, RouteSupport support);

    /**
     * Whether these routes are for operators, as {@code /health} and {@code /metrics} are: served on
     * {@code management.port} when one is set, and not on the API's port then. False by default.
     */
    default boolean management() {
        return false;
    }

    /** Adds a contributor to the application's set. */
    static LinkedBindingBuilder<RouteContributor> bind(final Binder binder) {
        return Multibinder.newSetBinder(binder, RouteContributor.class).addBinding();
    }
}
