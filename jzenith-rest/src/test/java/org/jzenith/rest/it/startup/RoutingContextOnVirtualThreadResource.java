package org.jzenith.rest.it.startup;

import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;

/** Asks for Vert.x's request object in a method that runs on a virtual thread. */
@Path("/routing")
public class RoutingContextOnVirtualThreadResource {

    @GET
    public String get(@Context final RoutingContext routing) {
        return routing.request().path();
    }
}
