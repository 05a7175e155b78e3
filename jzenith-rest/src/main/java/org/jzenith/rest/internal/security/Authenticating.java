package org.jzenith.rest.internal.security;

import io.vertx.core.Future;
import io.vertx.ext.web.RoutingContext;
import java.util.Collection;
import java.util.List;
import org.jzenith.rest.internal.context.RequestSecurity;
import org.jzenith.rest.security.Authentication;
import org.jzenith.rest.security.Authenticator;

/**
 * Asks the application's authenticators, in order, who sent a request, and sets the request's
 * {@code SecurityContext} to the user the first of them proves. Made once at start-up; immutable.
 */
public final class Authenticating {

    private static final Future<Authentication> ABSENT = Future.succeededFuture(Authentication.absent());

    private final Authenticator[] authenticators;
    /** The challenges of a 401 for a request without credentials, one per authenticator. */
    private final List<String> challenges;

    private Authenticating(final Collection<Authenticator> authenticators) {
        this.authenticators = authenticators.toArray(Authenticator[]::new);
        this.challenges = authenticators.stream()
                .map(authenticator -> authenticator.challenge().header())
                .toList();
    }

    /** Asks {@code authenticators} in their order. */
    public static Authenticating of(final Collection<Authenticator> authenticators) {
        return new Authenticating(authenticators);
    }

    public boolean isEmpty() {
        return authenticators.length == 0;
    }

    /** The {@code WWW-Authenticate} challenges for a request that needs a user and brought none; empty without authenticators. */
    public List<String> challenges() {
        return challenges;
    }

    /**
     * On the event loop: the first answer that is not {@link Authentication#absent()}, or absent;
     * an authenticated user is set as the request's {@code SecurityContext} before the future
     * completes. Mostly complete at once (a token verified with a key at hand).
     */
    public Future<Authentication> authenticate(final RoutingContext routing) {
        return from(routing, 0);
    }

    private Future<Authentication> from(final RoutingContext routing, final int first) {
        for (int i = first; i < authenticators.length; i++) {
            final Authenticator authenticator = authenticators[i];
            final Future<Authentication> answer = authenticator.authenticate(routing.request());
            if (answer.succeeded() && answer.result() == Authentication.absent()) {
                continue; // the common case of no credentials of this scheme, without a callback
            }
            final int next = i + 1;
            return answer.compose(result -> {
                if (result instanceof Authentication.Authenticated(final var identity)) {
                    RequestSecurity.set(
                            routing,
                            new AuthenticatedSecurity(
                                    identity,
                                    authenticator.scheme(),
                                    routing.request().isSSL()));
                    return answer;
                }
                return result == Authentication.absent() ? from(routing, next) : answer;
            });
        }
        return ABSENT;
    }
}
