package org.jzenith.rest.internal.context;

import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.util.Objects;

/**
 * The {@link SecurityContext} of a request: the one a request filter set, or an anonymous one (no
 * principal, no roles) that knows only whether the connection is secure. Read on the event loop;
 * what a method running elsewhere gets is that same object.
 */
public final class RequestSecurity {

    private static final String KEY = SecurityContext.class.getName();

    private RequestSecurity() {}

    public static SecurityContext of(final RoutingContext routing) {
        final SecurityContext set = routing.get(KEY);
        return set != null ? set : new Anonymous(routing.request().isSSL());
    }

    public static void set(final RoutingContext routing, final SecurityContext context) {
        routing.put(KEY, Objects.requireNonNull(context, "context"));
    }

    /** No one is authenticated. */
    private record Anonymous(boolean secure) implements SecurityContext {

        @Override
        public Principal getUserPrincipal() {
            return null; // as Jakarta REST says for an unauthenticated request
        }

        @Override
        public boolean isUserInRole(final String role) {
            return false;
        }

        @Override
        public boolean isSecure() {
            return secure;
        }

        @Override
        public String getAuthenticationScheme() {
            return null;
        }
    }
}
