package org.jzenith.rest.it.filters;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.util.Map;

/**
 * Written as Jersey applications write authentication filters: aborts without a key, and otherwise
 * sets a security context whose principal the resource reads. Open paths start with /open (UriInfo paths are relative to the base URI).
 */
@Priority(Priorities.AUTHENTICATION)
public class ApiKeyFilter implements ContainerRequestFilter {

    @Override
    public void filter(final ContainerRequestContext request) {
        appendOrder(request, "key");
        if (request.getUriInfo().getPath().startsWith("open")) {
            return;
        }
        final String key = request.getHeaderString("X-Api-Key");
        if (key == null) {
            request.abortWith(Response.status(Response.Status.UNAUTHORIZED)
                    .type(MediaType.APPLICATION_JSON_TYPE)
                    .entity(Map.of("error", "an API key is needed"))
                    .build());
            return;
        }
        final boolean secure = request.getSecurityContext().isSecure();
        request.setSecurityContext(new SecurityContext() {
            @Override
            public Principal getUserPrincipal() {
                return () -> "holder of " + key;
            }

            @Override
            public boolean isUserInRole(final String role) {
                return role.equals(key);
            }

            @Override
            public boolean isSecure() {
                return secure;
            }

            @Override
            public String getAuthenticationScheme() {
                return "API-Key";
            }
        });
    }

    static void appendOrder(final ContainerRequestContext request, final String name) {
        final Object before = request.getProperty("order");
        request.setProperty("order", before == null ? name : before + "," + name);
    }
}
