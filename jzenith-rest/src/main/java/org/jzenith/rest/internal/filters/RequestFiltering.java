package org.jzenith.rest.internal.filters;

import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.jzenith.rest.internal.context.ContextFields;
import org.jzenith.rest.internal.context.CurrentRequest;

/**
 * Runs request filters on the request's event loop: the {@code @PreMatching} ones before the router
 * matches a method (they may change the method and URI, and the request is routed again), the others
 * once a method is matched, before its arguments are bound.
 */
public final class RequestFiltering {

    private static final String PRE_MATCHED = RequestFiltering.class.getName() + ".preMatched";

    private RequestFiltering() {}

    /**
     * Runs {@code filters} for a request matched to {@code template}, until one aborts it; header
     * changes are written back to the request.
     *
     * @return the response a filter aborted the request with, if one did
     */
    public static Optional<Response> run(
            final RoutingContext routing,
            final List<ContainerRequestFilter> filters,
            final String template,
            final Supplier<Object> resource) {
        final RequestFilterContext context = RequestFilterContext.matched(routing, template, resource);
        try {
            for (final ContainerRequestFilter filter : filters) {
                filter.filter(context);
                if (context.abort().isPresent()) {
                    break;
                }
            }
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            context.writeBack();
        }
        return context.abort();
    }

    /**
     * The router's first handler, which runs the {@code @PreMatching} filters for every request.
     *
     * @param respond answers a request with the response a filter aborted it with
     * @param fail answers a request for which a filter failed
     */
    public static Handler<RoutingContext> preMatching(
            final List<ContainerRequestFilter> filters,
            final BiConsumer<RoutingContext, Response> respond,
            final BiConsumer<RoutingContext, Throwable> fail) {
        // Filters with per-request @Context fields read the request's contexts; nothing is matched yet.
        final boolean contextFields =
                filters.stream().anyMatch(filter -> ContextFields.needsCurrentRequest(filter.getClass()));
        return routing -> {
            if (routing.get(PRE_MATCHED) != null) {
                routing.next(); // routed again after a filter changed the method or URI
                return;
            }
            routing.put(PRE_MATCHED, Boolean.TRUE);
            final RequestFilterContext context = RequestFilterContext.preMatching(routing);
            if (contextFields) {
                CurrentRequest.set(CurrentRequest.Contexts.unmatched(routing));
            }
            try {
                for (final ContainerRequestFilter filter : filters) {
                    filter.filter(context);
                    if (context.abort().isPresent()) {
                        break;
                    }
                }
            } catch (final IOException | RuntimeException e) {
                fail.accept(routing, e);
                return;
            } finally {
                context.writeBack();
                if (contextFields) {
                    CurrentRequest.clear();
                }
            }
            if (context.abort().isPresent()) {
                respond.accept(routing, context.abort().get());
            } else if (context.changedMethod().isPresent()
                    || context.changedUri().isPresent()) {
                final HttpMethod method = HttpMethod.valueOf(context.getMethod());
                routing.reroute(
                        method,
                        context.changedUri()
                                .map(RequestFiltering::pathAndQuery)
                                .orElse(routing.request().uri()));
            } else {
                routing.next();
            }
        };
    }

    private static String pathAndQuery(final URI uri) {
        final String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
    }
}
