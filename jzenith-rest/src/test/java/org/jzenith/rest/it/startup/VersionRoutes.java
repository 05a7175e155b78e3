package org.jzenith.rest.it.startup;

import io.vertx.ext.web.Router;
import org.jzenith.rest.RouteContributor;
import org.jzenith.rest.RouteSupport;

/** A route contributed beside the resources. */
final class VersionRoutes implements RouteContributor {

    @Override
    public void addRoutes(final Router router, final RouteSupport support) {
        router.get("/version").handler(support.timed("GET", "/version", routing -> {
            support.addHeaders(routing.response());
            routing.response().end("1.4.2");
        }));
        router.get("/version/broken")
                .handler(support.timed(
                        "GET", "/version/broken", routing -> support.problem(routing, 503, "No version today")));
    }
}
