package org.jzenith.jwt.internal;

import jakarta.ws.rs.core.SecurityContext;
import java.util.Set;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jzenith.jwt.JwtPrincipal;
import org.jzenith.rest.security.CurrentSecurityContext;

/**
 * What {@code @Inject JsonWebToken} gives: one object for every request, as resources are
 * singletons, that answers from the token of the request the calling thread serves (as Quarkus's
 * request-scoped proxy does). A request without a token is a token without claims: {@code getName()}
 * and every claim are null, {@code getClaimNames()} is empty. Used outside a request (another
 * thread, after the method returned), it throws. Thread-safe.
 */
final class CurrentJsonWebToken implements JsonWebToken {

    static final CurrentJsonWebToken INSTANCE = new CurrentJsonWebToken();

    private CurrentJsonWebToken() {}

    /** The current request's token; null when it has none. */
    static JwtPrincipal currentOrNull() {
        final SecurityContext security = CurrentSecurityContext.get()
                .orElseThrow(() -> new IllegalStateException("An injected JsonWebToken or ClaimValue was used outside"
                        + " the call of a resource method (on another thread, or after the method returned), or in a"
                        + " service called by a resource class that holds no JsonWebToken or ClaimValue itself; read"
                        + " what you need within the call, or inject JsonWebToken into that resource too"));
        return security.getUserPrincipal() instanceof JwtPrincipal token ? token : null;
    }

    @Override
    public String getName() {
        final JwtPrincipal token = currentOrNull();
        return token == null ? null : token.getName();
    }

    @Override
    public Set<String> getClaimNames() {
        final JwtPrincipal token = currentOrNull();
        return token == null ? Set.of() : token.getClaimNames();
    }

    @Override
    public <T> T getClaim(final String claimName) {
        final JwtPrincipal token = currentOrNull();
        return token == null ? null : token.getClaim(claimName);
    }

    @Override
    public String toString() {
        return "the current request's JsonWebToken";
    }
}
