package org.jzenith.rest.it.security;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;

/** A request filter that sees the user the authenticators proved, and takes user "demoted" back to anonymous. */
public final class FilterSeesUser implements ContainerRequestFilter {

    @Override
    public void filter(final ContainerRequestContext request) {
        if (request.getSecurityContext().getUserPrincipal() != null
                && request.getSecurityContext().getUserPrincipal().getName().equals("demoted")) {
            // A filter still decides last: it may replace the context an authenticator set.
            request.setSecurityContext(new Anonymous());
        }
    }

    private static final class Anonymous implements jakarta.ws.rs.core.SecurityContext {
        @Override
        public java.security.Principal getUserPrincipal() {
            return null;
        }

        @Override
        public boolean isUserInRole(final String role) {
            return false;
        }

        @Override
        public boolean isSecure() {
            return false;
        }

        @Override
        public String getAuthenticationScheme() {
            return null;
        }
    }
}
