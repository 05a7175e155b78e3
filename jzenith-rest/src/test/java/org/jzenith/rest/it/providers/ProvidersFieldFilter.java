package org.jzenith.rest.it.providers;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Providers;

/** A context type jZenith does not put into fields. */
public class ProvidersFieldFilter implements ContainerRequestFilter {

    @Context
    Providers providers;

    @Override
    public void filter(final ContainerRequestContext request) {
        providers.getExceptionMapper(RuntimeException.class);
    }
}
