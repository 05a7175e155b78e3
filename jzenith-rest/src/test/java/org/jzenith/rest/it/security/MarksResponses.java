package org.jzenith.rest.it.security;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;

/** A response filter, so that a test sees which answers went through the response filters. */
public final class MarksResponses implements ContainerResponseFilter {

    @Override
    public void filter(final ContainerRequestContext request, final ContainerResponseContext response) {
        response.getHeaders().putSingle("X-Filtered", "yes");
    }
}
