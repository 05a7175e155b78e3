package org.jzenith.docs.rest.routes;

import io.vertx.ext.web.Router;
import org.jzenith.rest.RouteContributor;
import org.jzenith.rest.RouteSupport;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/rest.md, "Built-in endpoints": a route beside the resources. */
// tag::routes[]
final class VersionRoutes implements RouteContributor {
    public void addRoutes(final Router router, final RouteSupport support) {
        router.get("/version").handler(support.timed("GET", "/version", routing -> {
            support.addHeaders(routing.response());
            routing.response().end("1.4.2");
        }));
    }
}
// end::routes[]
// spotless:on
