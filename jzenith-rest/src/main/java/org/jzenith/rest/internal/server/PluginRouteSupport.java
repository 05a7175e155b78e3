package org.jzenith.rest.internal.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import org.jzenith.rest.RouteSupport;
import org.jzenith.rest.internal.errors.ErrorResponder;
import org.jzenith.rest.internal.invoke.EndpointMetrics;
import org.jzenith.rest.internal.json.JsonCodec;

/** The {@link RouteSupport} of a running REST plugin. Immutable and thread-safe. */
public final class PluginRouteSupport implements RouteSupport {

    private final JsonCodec json;
    private final ResponseHeaders headers;
    private final ErrorResponder errors;
    private final MeterRegistry registry;
    private final boolean onManagementPort;

    public PluginRouteSupport(
            final JsonCodec json,
            final ResponseHeaders headers,
            final ErrorResponder errors,
            final MeterRegistry registry,
            final boolean onManagementPort) {
        this.onManagementPort = onManagementPort;
        this.json = json;
        this.headers = headers;
        this.errors = errors;
        this.registry = registry;
    }

    @Override
    public boolean onManagementPort() {
        return onManagementPort;
    }

    @Override
    public ObjectMapper json() {
        return json.mapper();
    }

    @Override
    public void addHeaders(final HttpServerResponse response) {
        headers.addTo(response.headers());
    }

    @Override
    public void problem(final RoutingContext routing, final int status, final String detail) {
        errors.send(routing, status, detail);
    }

    @Override
    public Handler<RoutingContext> timed(
            final String method, final String template, final Handler<RoutingContext> handler) {
        final EndpointMetrics metrics = new EndpointMetrics(registry, method, template);
        return routing -> {
            metrics.recordOnEnd(routing, System.nanoTime());
            handler.handle(routing);
        };
    }
}
