package org.jzenith.jwt.internal;

import jakarta.ws.rs.core.SecurityContext;
import java.util.Set;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jzenith.jwt.JwtPrincipal;
import org.jzenith.rest.security.CurrentSecurityContext;

/**
 * What {@code @Inject JsonWebToken} gives: one object for every request, singletons included, that
 * answers from the token of the request the calling thread serves (as Quarkus's request-scoped proxy
 * does). A request without a token has no token: {@code getName()}, every claim and {@code
 * getClaimNames()} are null, as in SmallRye JWT (so the Quarkus quickstart's {@code
 * jwt.getClaimNames() != null} tells a caller with a token). Used outside a request (another
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

    /** Whether the calling thread serves no request now. */
    static boolean outsideRequest() {
        return CurrentSecurityContext.get().isEmpty();
    }

    @Override
    public String getName() {
        final JwtPrincipal token = currentOrNull();
        return token == null ? null : token.getName();
    }

    @Override
    public Set<String> getClaimNames() {
        final JwtPrincipal token = currentOrNull();
        return token == null ? null : token.getClaimNames();
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
