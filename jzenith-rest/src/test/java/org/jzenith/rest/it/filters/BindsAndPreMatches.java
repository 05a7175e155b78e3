package org.jzenith.rest.it.filters;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;

/** Cannot work: it would run before the method it is bound to is known. */
@PreMatching
@Audited
public class BindsAndPreMatches implements ContainerRequestFilter {

    @Override
    public void filter(final ContainerRequestContext request) {}
}
