package org.jzenith.rest.it.filters;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;

/** The classic pre-matching filter: a POST that says it is another method is routed as that method. */
@PreMatching
public class MethodOverrideFilter implements ContainerRequestFilter {

    @Override
    public void filter(final ContainerRequestContext request) {
        final String override = request.getHeaderString("X-HTTP-Method-Override");
        if (override != null && request.getMethod().equals("POST")) {
            request.setMethod(override);
        }
    }
}
