package org.jzenith.rest.it.providers;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;

/** Jersey injects a per-request proxy here; jZenith refuses the field rather than leave it null. */
public class ResourceInfoFilter implements ContainerRequestFilter {

    @Context
    ResourceInfo resourceInfo;

    @Override
    public void filter(final ContainerRequestContext request) {
        request.setProperty("method", resourceInfo.getResourceMethod().getName());
    }
}
