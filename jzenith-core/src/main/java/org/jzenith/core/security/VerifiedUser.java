package org.jzenith.core.security;

import java.util.Collection;
import java.util.Objects;
import java.util.Set;

/**
 * A user whose password an {@link IdentityStore} verified.
 *
 * <pre>{@code
 * VerifiedUser.of("ada", Set.of("admin", "user"));
 * }</pre>
 *
 * @param name the user's name, as {@code SecurityContext.getUserPrincipal().getName()} gives it
 * @param roles the user's roles, as {@code @RolesAllowed} checks them
 */
public record VerifiedUser(String name, Set<String> roles) {

    public VerifiedUser {
        Objects.requireNonNull(name, "name");
        roles = Set.copyOf(roles);
    }

    /** The user {@code name} in {@code roles}. */
    public static VerifiedUser of(final String name, final Collection<String> roles) {
        return new VerifiedUser(name, Set.copyOf(roles));
    }
}
