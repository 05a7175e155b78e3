package org.jzenith.jwt;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.eclipse.microprofile.jwt.Claims;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jzenith.jwt.internal.ClaimTypes;

/**
 * The user of a request that carried a valid token: {@code SecurityContext.getUserPrincipal()} is
 * one, named as MicroProfile JWT 2.1 says by the token's {@code upn}, else its {@code
 * preferred_username}, else its {@code sub}, with the token's claims. It is MicroProfile JWT's {@link
 * JsonWebToken}, so code written for it works unchanged:
 *
 * <pre>{@code
 * @GET
 * public String me(@Context final SecurityContext security) {
 *     final JsonWebToken token = (JsonWebToken) security.getUserPrincipal();
 *     return token.getName() + " " + token.claim(Claims.email).orElse("");
 * }
 * }</pre>
 *
 * <p>{@link #getClaim} gives a standard claim as MicroProfile JWT types it ({@code exp} a {@code
 * Long}, {@code groups} and {@code aud} a {@code Set<String>}, {@code raw_token} the token itself),
 * and any other claim as JSON read into Java: a {@code String}, {@code Long}, {@code Double},
 * {@code Boolean}, {@code List} or {@code Map} (a {@code @Claim JsonObject} field or parameter
 * gets JSON-P values).
 *
 * @param name the user's name: {@code upn}, {@code preferred_username} or {@code sub}, the first present
 * @param claims the token's claims, as JSON maps, lists, strings, numbers and booleans
 * @param rawToken the token as it was sent
 */
public record JwtPrincipal(String name, Map<String, Object> claims, String rawToken) implements JsonWebToken {

    public JwtPrincipal {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(rawToken, "rawToken");
        claims = Collections.unmodifiableMap(claims);
    }

    /** A principal without the token it came from (its raw token is empty). */
    public JwtPrincipal(final String name, final Map<String, Object> claims) {
        this(name, claims, "");
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public Set<String> getClaimNames() {
        return claims.keySet();
    }

    @Override
    @SuppressWarnings("unchecked") // the caller names the type, as MicroProfile JWT's API has it
    public <T> T getClaim(final String claimName) {
        if (Claims.raw_token.name().equals(claimName)) {
            return (T) rawToken;
        }
        return (T) ClaimTypes.standard(claimName, claims.get(claimName));
    }
}
