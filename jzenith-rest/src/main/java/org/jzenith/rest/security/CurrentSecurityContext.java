package org.jzenith.rest.security;

import jakarta.ws.rs.core.SecurityContext;
import java.util.Optional;
import org.jzenith.rest.internal.context.CurrentRequest;

/**
 * The security context of the request the calling thread serves, for stand-ins that one object
 * holds for every request (jzenith-jwt's {@code JsonWebToken} in a singleton resource): set around
 * the filters, the resource method's call and the writing of its response, for resources that have
 * such a field or constructor parameter.
 *
 * <pre>{@code
 * Principal user = CurrentSecurityContext.get().map(SecurityContext::getUserPrincipal).orElse(null);
 * }</pre>
 */
public final class CurrentSecurityContext {

    private CurrentSecurityContext() {}

    /** The current request's security context; empty on a thread that serves no request now. */
    public static Optional<SecurityContext> get() {
        return CurrentRequest.security();
    }
}
