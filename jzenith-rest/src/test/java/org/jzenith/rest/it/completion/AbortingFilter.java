package org.jzenith.rest.it.completion;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Response;

/** Aborts the requests to {@code /c/aborted} with 403, as an authorisation filter would. */
public class AbortingFilter implements ContainerRequestFilter {

    @Override
    public void filter(final ContainerRequestContext request) {
        if (request.getUriInfo().getPath().endsWith("aborted")) {
            request.abortWith(Response.status(Response.Status.FORBIDDEN).build());
        }
    }
}
