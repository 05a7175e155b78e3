package org.jzenith.rest.internal.invoke;

import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import java.util.function.Supplier;
import org.jzenith.rest.internal.binding.ArgumentResolver;
import org.jzenith.rest.internal.context.CurrentRequest;
import org.jzenith.rest.internal.context.RequestSecurity;
import org.jzenith.rest.internal.errors.ErrorResponder;
import org.jzenith.rest.internal.filters.EndpointFilters;
import org.jzenith.rest.internal.filters.RequestFiltering;
import org.jzenith.rest.internal.filters.ResponseFiltering;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.params.Binding;
import org.jzenith.rest.internal.security.AccessRule;

/**
 * The stage after authentication: makes the request's per-request contexts, runs the request
 * filters bound to the method (before the arguments are bound, so that a header a filter sets is
 * bound) and checks that the request's user may call it. Answers what a filter aborted with, 401 or
 * 403.
 *
 * <p>Thread-safe; called on the request's event loop.
 */
final class FilterStage {

    private final String template;
    private final Supplier<Object> resource;
    private final EndpointFilters filters;
    /** False where no filter is bound to this method, so that such a request pays nothing for them. */
    private final boolean filtered;
    /** Who may call the method; empty when everyone may. */
    private final Optional<AccessRule> access;

    private final AuthenticateStage authentication;
    private final ErrorResponder errors;
    /**
     * Resolve the per-request contexts (UriInfo, HttpHeaders, Request, SecurityContext) of a resource
     * with such {@code @Context} fields; empty for the others, which pay nothing.
     */
    private final ArgumentResolver[] currentResolvers;

    private final CurrentRequest.Matched matched;

    FilterStage(
            final EndpointDefinition endpoint,
            final Supplier<Object> resource,
            final EndpointFilters filters,
            final AuthenticateStage authentication,
            final ErrorResponder errors,
            final ArgumentResolver[] currentResolvers) {
        this.template = endpoint.path().template();
        this.resource = resource;
        this.filters = filters;
        this.filtered = !filters.isEmpty();
        this.access = AccessRule.of(endpoint);
        this.authentication = authentication;
        this.errors = errors;
        this.currentResolvers = currentResolvers.clone();
        this.matched = new CurrentRequest.Matched(endpoint.annotatedClass(), endpoint.method());
    }

    /** The per-request contexts for the resource's {@code @Context} fields; null where it has none. */
    CurrentRequest.Contexts current(final RoutingContext routing) {
        if (currentResolvers.length == 0) {
            return null;
        }
        final Object[] values = new Object[currentResolvers.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = ((Binding.Value) currentResolvers[i].resolve(routing)).value();
        }
        final CurrentRequest.Contexts contexts = CurrentRequest.Contexts.of(values, matched);
        routing.put(Answering.CURRENT, contexts); // for the answer, written later on the event loop
        return contexts;
    }

    /** Whether the request goes on to its method; false once it has been answered. */
    boolean passes(final RoutingContext routing, final CurrentRequest.Contexts current) {
        return !((filtered && aborted(routing, current)) || (access.isPresent() && refused(routing)));
    }

    private boolean aborted(final RoutingContext routing, final CurrentRequest.Contexts current) {
        ResponseFiltering.matched(routing, filters);
        if (filters.requestFilters().isEmpty()) {
            return false;
        }
        final Optional<Response> abort;
        if (current != null) {
            CurrentRequest.set(current);
        }
        try {
            abort = RequestFiltering.run(routing, filters.requestFilters(), template, resource);
        } finally {
            if (current != null) {
                CurrentRequest.clear();
            }
        }
        abort.ifPresent(response -> errors.respond(routing, response));
        return abort.isPresent();
    }

    /**
     * Whether the request's user may not call the method (after the filters set who it is); answers
     * 401 with the authenticators' challenges when there is no user and some authenticator could
     * prove one, else 403 (without an authenticator there is no scheme to ask for, as in Jersey).
     */
    private boolean refused(final RoutingContext routing) {
        final Optional<AccessRule.Refusal> refusal = access.orElseThrow().refusal(RequestSecurity.of(routing));
        if (refusal.isEmpty()) {
            return false;
        }
        if (refusal.get().unauthenticated() && authentication.authenticates()) {
            errors.unauthorized(
                    routing, authentication.challenges(), refusal.get().detail());
        } else {
            errors.send(routing, 403, refusal.get().detail());
        }
        return true;
    }
}
