package org.jzenith.rest.it.application;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;

public class PoweredByFilter implements ContainerResponseFilter {

    private final String by;

    public PoweredByFilter(final String by) {
        this.by = by;
    }

    @Override
    public void filter(final ContainerRequestContext request, final ContainerResponseContext response) {
        response.getHeaders().putSingle("X-Powered-By", by);
    }
}
