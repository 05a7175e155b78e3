package org.jzenith.rest.internal.invoke;

import io.opentelemetry.context.Scope;
import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import org.jzenith.rest.internal.context.CurrentRequest;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.observability.RequestTracing;

/**
 * Handles the requests of one resource method as a pipeline of small stages: {@link
 * AuthenticateStage} → {@link FilterStage} → {@link BindStage} → {@link DispatchStage} → {@link
 * InvokeStage} → {@link WriteStage}. Each stage either answers the request (a problem, a filter's
 * abort) and stops, or hands it on; none of them ends it: {@link RequestCompletion}, in front of
 * this handler, sees every response end. Everything the stages use was prepared at start-up; the
 * request path does no reflection.
 *
 * <p>Every path ends in a response: a failure at any step, even an {@link Error}, is answered (with
 * a problem response, or by closing the connection once part of a body is out), on the request's
 * event loop.
 *
 * <p>Thread-safe: one instance serves every event loop; {@link #handle} is called on the request's
 * event loop. A method that runs off the event loop gets plain values only, never Vert.x's request
 * objects.
 */
public final class EndpointHandler implements Handler<RoutingContext> {

    private final RequestTracing tracing;
    /** False without a tracing plugin, so that such a service's requests pay nothing for tracing. */
    private final boolean traced;
    /** The span name of a request of the route's own method: {@code GET /users/{id}}. */
    private final String spanName;

    private final String template;
    private final HttpMethod routeMethod;

    private final AuthenticateStage authenticate;
    private final FilterStage filter;
    private final BindStage bind;
    private final DispatchStage dispatch;
    private final Answering answering;
    /** What follows authentication, made once so that a request does not allocate it. */
    private final Handler<RoutingContext> serve = this::serve;

    EndpointHandler(
            final EndpointDefinition endpoint,
            final RequestTracing tracing,
            final AuthenticateStage authenticate,
            final FilterStage filter,
            final BindStage bind,
            final DispatchStage dispatch,
            final Answering answering) {
        this.tracing = tracing;
        this.traced = tracing.enabled();
        this.routeMethod = HttpMethod.valueOf(endpoint.httpMethod());
        this.template = endpoint.path().template();
        this.spanName = endpoint.httpMethod() + ' ' + template;
        this.authenticate = authenticate;
        this.filter = filter;
        this.bind = bind;
        this.dispatch = dispatch;
        this.answering = answering;
    }

    /** On the request's event loop. */
    @Override
    public void handle(final RoutingContext routing) {
        if (!traced) {
            authenticate.run(routing, serve);
            return;
        }
        tracing.routed(routing.request().method(), routeMethod, spanName, template);
        try (Scope _ = RequestTracing.logContext()) {
            authenticate.run(routing, serve);
        }
    }

    /** Filters, access check, binding and the hand-over to the method's thread, once the request's user is known. */
    private void serve(final RoutingContext routing) {
        final Context context = routing.vertx().getOrCreateContext();
        final Object[] arguments;
        final Object[][] located;
        final CurrentRequest.Contexts current; // null where the resource has no per-request @Context field
        try {
            current = filter.current(routing);
            if (!filter.passes(routing, current)) {
                return; // answered already: the filter's abort, 401 or 403
            }
            arguments = bind.arguments(routing);
            located = arguments == null ? BindStage.NO_LOCATED : bind.located(routing);
        } catch (final Throwable failure) {
            answering.fail(routing, context, failure);
            return;
        }
        if (arguments == null || located == null) {
            return; // answered already: 400 or 415
        }
        dispatch.dispatch(routing, context, arguments, located, current);
    }
}
