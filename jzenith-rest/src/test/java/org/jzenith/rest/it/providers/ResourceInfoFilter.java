package org.jzenith.rest.it.providers;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.UriInfo;
import java.lang.reflect.Method;

/** Written as Jersey filters often are: per-request contexts in fields, read while filtering. */
public class ResourceInfoFilter implements ContainerResponseFilter {

    @Context
    ResourceInfo resourceInfo;

    @Context
    UriInfo uriInfo;

    @Override
    public void filter(final ContainerRequestContext request, final ContainerResponseContext response) {
        final Method method = resourceInfo.getResourceMethod();
        response.getHeaders().putSingle("X-Method", method == null ? "none" : method.getName());
        response.getHeaders().putSingle("X-Path", uriInfo.getPath());
    }
}
