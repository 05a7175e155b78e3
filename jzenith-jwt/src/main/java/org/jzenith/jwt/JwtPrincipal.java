package org.jzenith.jwt;

import java.security.Principal;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The user of a request that carried a valid token: {@code SecurityContext.getUserPrincipal()} is
 * one, named by the token's {@code sub}, with the token's claims.
 *
 * <pre>{@code
 * @GET
 * public String me(@Context final SecurityContext security) {
 *     final JwtPrincipal user = (JwtPrincipal) security.getUserPrincipal();
 *     return user.getName() + " " + user.claim("email").orElse("");
 * }
 * }</pre>
 *
 * @param name the token's subject ({@code sub})
 * @param claims the token's claims, as JSON maps, lists, strings, numbers and booleans
 */
public record JwtPrincipal(String name, Map<String, Object> claims) implements Principal {

    public JwtPrincipal {
        Objects.requireNonNull(name, "name");
        claims = Collections.unmodifiableMap(claims);
    }

    @Override
    public String getName() {
        return name;
    }

    /** The claim {@code name}, if the token has it. */
    public Optional<Object> claim(final String name) {
        return Optional.ofNullable(claims.get(name));
    }
}
