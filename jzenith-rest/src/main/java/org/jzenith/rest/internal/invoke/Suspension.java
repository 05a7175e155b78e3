package org.jzenith.rest.internal.invoke;

import io.vertx.core.Context;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.container.AsyncResponse;

/** Makes the {@link AsyncResponse} of a request to a method that takes one, on the request's event loop. */
@FunctionalInterface
interface Suspension {

    AsyncResponse suspend(RoutingContext routing, Context context);
}
