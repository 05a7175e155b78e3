package org.jzenith.rest.it.filters;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;

/** A global response filter: headers on every response, and the order the request filters ran in. */
public class SecurityHeadersFilter implements ContainerResponseFilter {

    @Override
    public void filter(final ContainerRequestContext request, final ContainerResponseContext response) {
        response.getHeaders().add("X-Frame-Options", "DENY");
        if (request.getProperty("order") != null) {
            response.getHeaders().add("X-Order", request.getProperty("order"));
        }
    }
}
