package org.jzenith.rest.it.filters;

import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;

/** Runs before {@link ApiKeyFilter} (a lower priority) and adds a request header the resource binds. */
@Priority(100)
public class TraceHeaderFilter implements ContainerRequestFilter {

    @Override
    public void filter(final ContainerRequestContext request) {
        ApiKeyFilter.appendOrder(request, "trace");
        request.getHeaders()
                .putSingle("x-trace", "trace-" + request.getRequest().getMethod());
        if ("fail".equals(request.getHeaderString("X-Break"))) {
            throw new IllegalStateException("the trace filter broke");
        }
    }
}
