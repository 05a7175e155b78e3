package org.jzenith.rest.internal;

import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import java.util.List;
import java.util.Optional;

/**
 * What the REST server's routers are built from, besides the handlers: made once at start-up by
 * {@link RestAssembly}, read by {@code RouterFactory}. Immutable; every component is thread-safe.
 *
 * @param vertx the Vert.x instance the server runs on
 * @param maxBodySize the largest request body taken, in bytes ({@code rest.max-body-size})
 * @param preMatching the application's {@code @PreMatching} request filters, which run before routing
 * @param uploadsDirectory where multipart file parts go, where some method takes them
 * @param first what runs before every route: access log, CORS, compression
 */
public record RestRouting(
        Vertx vertx,
        long maxBodySize,
        List<ContainerRequestFilter> preMatching,
        Optional<String> uploadsDirectory,
        List<Handler<RoutingContext>> first) {

    public RestRouting {
        preMatching = List.copyOf(preMatching);
        first = List.copyOf(first);
    }
}
