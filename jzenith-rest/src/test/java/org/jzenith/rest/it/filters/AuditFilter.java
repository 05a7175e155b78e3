package org.jzenith.rest.it.filters;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import java.util.Map;

/** Bound by name: only @Audited methods get it. Wraps a 200 entity and says the status it saw. */
@Audited
public class AuditFilter implements ContainerResponseFilter {

    @Override
    public void filter(final ContainerRequestContext request, final ContainerResponseContext response) {
        response.getHeaders().putSingle("X-Audited", String.valueOf(response.getStatus()));
        if (response.getStatus() == 200
                && response.hasEntity()
                && !request.getMethod().equals("PUT")) {
            response.setEntity(Map.of("data", response.getEntity()));
        }
    }
}
