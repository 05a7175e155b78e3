package org.jzenith.rest.internal.filters;

import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import org.jzenith.rest.internal.context.CurrentRequest;

/**
 * Runs a request's response filters just before its response is written, on its event loop: the
 * filters of the resource method it matched, or the global ones for a request that matched none
 * (a 404, say). They run once per request; a response written because a filter failed is not
 * filtered again.
 *
 * <p>Thread-safe; one instance serves every request.
 */
public final class ResponseFiltering {

    private static final String MATCHED = ResponseFiltering.class.getName() + ".matched";
    private static final String RAN = ResponseFiltering.class.getName() + ".ran";

    private final EndpointFilters unmatched;
    private final boolean mayRun;
    /** Whether some provider has per-request {@code @Context} fields. */
    private final boolean contextFields;

    /**
     * @param dynamic whether dynamic features may add response filters to methods, which {@code
     *     filters} does not know
     * @param contextFields whether some provider has per-request {@code @Context} fields
     */
    public ResponseFiltering(final Filters filters, final boolean dynamic, final boolean contextFields) {
        this.unmatched = filters.unmatched();
        this.mayRun = filters.hasResponseFilters() || dynamic;
        this.contextFields = contextFields;
    }

    /**
     * What the response filters made of a response.
     *
     * @param status the status to send
     * @param entity the entity to write, {@code null} for none
     * @param mediaType its media type, {@code null} to let the writer choose
     */
    public record Outcome(int status, Object entity, MediaType mediaType) {}

    /** Remembers that {@code routing} matched a method with {@code filters}, for the response filters to run. */
    public static void matched(final RoutingContext routing, final EndpointFilters filters) {
        routing.put(MATCHED, filters);
    }

    /** Whether the application has any response filter at all. */
    public boolean mayRun() {
        return mayRun;
    }

    /** Whether response filters are still to run for {@code routing}. */
    public boolean runsFor(final RoutingContext routing) {
        return !filtersOf(routing).isEmpty() && routing.get(RAN) == null;
    }

    /**
     * Runs the response filters over {@code status}, the response's headers as they stand, and
     * {@code entity}; empty when no filter runs. On return, the response's headers are the filtered
     * ones.
     *
     * @param streamed whether the body is written as a stream, which filters cannot replace
     */
    public Optional<Outcome> filter(
            final RoutingContext routing,
            final int status,
            final Object entity,
            final MediaType mediaType,
            final boolean streamed) {
        final List<ContainerResponseFilter> filters = filtersOf(routing);
        if (filters.isEmpty() || routing.get(RAN) != null) {
            return Optional.empty();
        }
        routing.put(RAN, Boolean.TRUE);
        final ResponseFilterContext response = new ResponseFilterContext(
                status, HeaderMap.ofObjects(routing.response().headers()), entity, mediaType, streamed);
        final RequestFilterContext request = RequestFilterContext.of(routing);
        // A request no method matched has no contexts yet; filters with @Context fields read these.
        final boolean unmatched = contextFields && !CurrentRequest.isSet();
        if (unmatched) {
            CurrentRequest.set(CurrentRequest.Contexts.unmatched(routing));
        }
        try {
            for (final ContainerResponseFilter filter : filters) {
                filter.filter(request, response);
            }
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (unmatched) {
                CurrentRequest.clear();
            }
        }
        response.headers().writeTo(routing.response().headers());
        return Optional.of(new Outcome(response.getStatus(), response.entity(), response.mediaType()));
    }

    private List<ContainerResponseFilter> filtersOf(final RoutingContext routing) {
        final EndpointFilters matched = routing.get(MATCHED);
        return (matched != null ? matched : unmatched).responseFilters();
    }
}
