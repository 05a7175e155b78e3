package org.jzenith.rest.it.providers;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;

/** A provider kind jZenith does not run yet. */
public class UnsupportedFilter implements ContainerRequestFilter {

    @Override
    public void filter(final ContainerRequestContext request) {}
}
