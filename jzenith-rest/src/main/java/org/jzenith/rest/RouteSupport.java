package org.jzenith.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;

/**
 * What the REST plugin lends a {@link RouteContributor}, so that contributed routes answer as
 * resource methods do: the same headers, problem responses and request metrics.
 *
 * <p>Thread-safe; its methods that take a request are called on that request's event loop.
 */
public interface RouteSupport {

    /** The JSON mapper the plugin writes bodies with. */
    ObjectMapper json();

    /** Adds the headers every response carries ({@code Date}, {@code Server}). */
    void addHeaders(HttpServerResponse response);

    /** Answers with an RFC 9457 problem response: {@code status} and {@code detail}. */
    void problem(RoutingContext routing, int status, String detail);

    /**
     * {@code handler}, with each request it answers timed in {@code http.server.requests} under
     * {@code method} and the route {@code template} (never the raw path).
     */
    Handler<RoutingContext> timed(String method, String template, Handler<RoutingContext> handler);

    /**
     * Whether the routes are served on a separate management port ({@code management.port}), which
     * only operators reach: there a route may show what it would not show to API callers.
     */
    boolean onManagementPort();
}
