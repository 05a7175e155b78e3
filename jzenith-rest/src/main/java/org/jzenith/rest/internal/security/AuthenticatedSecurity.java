package org.jzenith.rest.internal.security;

import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;
import org.jzenith.rest.security.Identity;

/**
 * The {@link SecurityContext} of a request whose user an authenticator proved.
 *
 * @param identity the user and their roles
 * @param scheme the authenticator's scheme, such as {@code Bearer}
 * @param secure whether the request came over TLS
 */
record AuthenticatedSecurity(Identity identity, String scheme, boolean secure) implements SecurityContext {

    @Override
    public Principal getUserPrincipal() {
        return identity.principal();
    }

    @Override
    public boolean isUserInRole(final String role) {
        return identity.roles().contains(role);
    }

    @Override
    public boolean isSecure() {
        return secure;
    }

    @Override
    public String getAuthenticationScheme() {
        return scheme;
    }
}
