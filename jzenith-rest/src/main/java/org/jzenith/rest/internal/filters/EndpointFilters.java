package org.jzenith.rest.internal.filters;

import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseFilter;
import java.util.List;

/**
 * The filters that run for one resource method (or for requests none matched), in order.
 *
 * @param requestFilters the post-matching request filters
 * @param responseFilters the response filters
 */
public record EndpointFilters(
        List<ContainerRequestFilter> requestFilters, List<ContainerResponseFilter> responseFilters) {

    public EndpointFilters {
        requestFilters = List.copyOf(requestFilters);
        responseFilters = List.copyOf(responseFilters);
    }

    public boolean isEmpty() {
        return requestFilters.isEmpty() && responseFilters.isEmpty();
    }
}
