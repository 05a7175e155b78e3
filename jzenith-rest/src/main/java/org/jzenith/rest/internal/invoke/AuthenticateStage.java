package org.jzenith.rest.internal.invoke;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import org.jzenith.rest.internal.errors.ErrorResponder;
import org.jzenith.rest.internal.filters.EndpointFilters;
import org.jzenith.rest.internal.filters.ResponseFiltering;
import org.jzenith.rest.internal.limits.Overloaded;
import org.jzenith.rest.internal.security.Authenticating;
import org.jzenith.rest.security.Authentication;

/**
 * The first stage of an endpoint: asks the authenticators who sent the request, for every request,
 * so that bad credentials are a 401 even on an open method; then hands the request on.
 *
 * <p>Thread-safe; called on the request's event loop, and goes on there.
 */
final class AuthenticateStage {

    private final Authenticating authenticating;
    /** False where no authenticator is bound, so that such an application's requests pay nothing for them. */
    private final boolean authenticates;

    private final EndpointFilters filters;
    private final ErrorResponder errors;
    private final Answering answering;

    AuthenticateStage(
            final Authenticating authenticating,
            final EndpointFilters filters,
            final ErrorResponder errors,
            final Answering answering) {
        this.authenticating = authenticating;
        this.authenticates = !authenticating.isEmpty();
        this.filters = filters;
        this.errors = errors;
        this.answering = answering;
    }

    /** Whether some authenticator is bound: a refused request then asks for credentials (401). */
    boolean authenticates() {
        return authenticates;
    }

    /** The challenges of a 401 for a request without credentials, one per authenticator. */
    List<String> challenges() {
        return authenticating.challenges();
    }

    /** Authenticates the request, then hands it to {@code next}; answers 401 for credentials that do not hold. */
    void run(final RoutingContext routing, final Handler<RoutingContext> next) {
        if (!authenticates) {
            next.handle(routing);
            return;
        }
        final Future<Authentication> authentication;
        try {
            authentication = authenticating.authenticate(routing);
        } catch (final Throwable failure) { // an authenticator's bug: answered, never left hanging
            answering.fail(routing, routing.vertx().getOrCreateContext(), failure);
            return;
        }
        if (authentication.isComplete()) {
            authenticated(routing, authentication, next);
        } else {
            // A key being fetched, say: the request waits, the event loop does not.
            final Context context = routing.vertx().getOrCreateContext();
            authentication.onComplete(
                    ignored -> OnContext.run(context, () -> authenticated(routing, authentication, next)));
        }
    }

    private void authenticated(
            final RoutingContext routing,
            final Future<Authentication> authentication,
            final Handler<RoutingContext> next) {
        if (authentication.failed() && authentication.cause() instanceof Overloaded busy) {
            // Refused at a limit (sign-ins being checked): counted and logged by the authenticator.
            errors.overloaded(routing, busy.getMessage());
        } else if (authentication.failed()) {
            answering.fail(routing, routing.vertx().getOrCreateContext(), authentication.cause());
        } else if (authentication.result() instanceof Authentication.Rejected(final var challenge, final var reason)) {
            if (!filters.isEmpty()) {
                ResponseFiltering.matched(routing, filters); // the 401 goes through the method's response filters too
            }
            errors.unauthorized(routing, List.of(challenge.header()), reason);
        } else {
            next.handle(routing);
        }
    }
}
