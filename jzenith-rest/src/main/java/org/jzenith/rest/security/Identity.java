package org.jzenith.rest.security;

import java.security.Principal;
import java.util.Collection;
import java.util.Objects;
import java.util.Set;

/**
 * Who sent a request, as an {@link Authenticator} proved it: the principal that {@code
 * SecurityContext.getUserPrincipal()} gives and the roles that {@code isUserInRole} and
 * {@code @RolesAllowed} check.
 *
 * <pre>{@code
 * Identity.of("ada", Set.of("admin", "user"));
 * new Identity(tokenPrincipal, roles);          // a principal that also carries the token's claims
 * }</pre>
 *
 * @param principal the user
 * @param roles the user's roles
 */
public record Identity(Principal principal, Set<String> roles) {

    public Identity {
        Objects.requireNonNull(principal, "principal");
        roles = Set.copyOf(roles);
    }

    /** A user known by {@code name}, in {@code roles}. */
    public static Identity of(final String name, final Collection<String> roles) {
        return new Identity(new Name(name), Set.copyOf(roles));
    }

    /**
     * A principal that is a name.
     *
     * @param name the user's name
     */
    public record Name(String name) implements Principal {

        public Name {
            Objects.requireNonNull(name, "name");
        }

        @Override
        public String getName() {
            return name;
        }
    }
}
