package org.jzenith.rest.internal.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.util.Optional;
import org.jzenith.rest.RouteSupport;
import org.jzenith.rest.internal.RestRequests;
import org.jzenith.rest.internal.RestResponses;
import org.jzenith.rest.internal.errors.ErrorResponder;
import org.jzenith.rest.internal.invoke.EndpointMetrics;
import org.jzenith.rest.internal.invoke.RequestCompletion;
import org.jzenith.rest.internal.json.JsonCodec;
import org.jzenith.rest.internal.observability.RequestTracing;

/** The {@link RouteSupport} of a running REST plugin. Immutable and thread-safe. */
public final class PluginRouteSupport implements RouteSupport {

    private final JsonCodec json;
    private final ResponseHeaders headers;
    private final ErrorResponder errors;
    private final MeterRegistry registry;
    private final boolean onManagementPort;
    private final RequestTracing tracing;

    public PluginRouteSupport(
            final JsonCodec json,
            final ResponseHeaders headers,
            final ErrorResponder errors,
            final MeterRegistry registry,
            final boolean onManagementPort,
            final RequestTracing tracing) {
        this.onManagementPort = onManagementPort;
        this.tracing = tracing;
        this.json = json;
        this.headers = headers;
        this.errors = errors;
        this.registry = registry;
    }

    /**
     * The support of routes that answer as the server's {@code responses} and are timed and traced as
     * its {@code requests}: on the API port, or on the management port.
     */
    public static PluginRouteSupport of(
            final RestResponses responses, final RestRequests requests, final boolean onManagementPort) {
        return new PluginRouteSupport(
                responses.json(),
                responses.headers(),
                responses.errors(),
                requests.registry(),
                onManagementPort,
                requests.tracing());
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

    /**
     * {@code handler} behind the same completion as a resource's requests ({@link RequestCompletion}):
     * timed once when the response ends or the connection closes, whichever comes first.
     */
    @Override
    public Handler<RoutingContext> timed(
            final String method, final String template, final Handler<RoutingContext> handler) {
        final EndpointMetrics metrics = new EndpointMetrics(registry, method, template);
        if (!tracing.enabled()) {
            return RequestCompletion.of(metrics, Optional.empty(), handler);
        }
        final HttpMethod routeMethod = HttpMethod.valueOf(method);
        final String spanName = method + ' ' + template;
        return RequestCompletion.of(metrics, Optional.empty(), routing -> {
            tracing.routed(routing.request().method(), routeMethod, spanName, template);
            handler.handle(routing);
        });
    }
}
