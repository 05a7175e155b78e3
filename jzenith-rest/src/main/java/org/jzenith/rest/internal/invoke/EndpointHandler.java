package org.jzenith.rest.internal.invoke;

import io.opentelemetry.context.Scope;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.lang.invoke.MethodHandle;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jzenith.rest.internal.binding.ArgumentResolver;
import org.jzenith.rest.internal.binding.ArgumentResolvers;
import org.jzenith.rest.internal.context.CurrentRequest;
import org.jzenith.rest.internal.context.RequestSecurity;
import org.jzenith.rest.internal.errors.ErrorResponder;
import org.jzenith.rest.internal.errors.Violation;
import org.jzenith.rest.internal.filters.EndpointFilters;
import org.jzenith.rest.internal.filters.RequestFiltering;
import org.jzenith.rest.internal.filters.ResponseFiltering;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.model.Execution;
import org.jzenith.rest.internal.model.ParameterSource;
import org.jzenith.rest.internal.model.ReturnKind;
import org.jzenith.rest.internal.observability.RequestTracing;
import org.jzenith.rest.internal.params.Binding;
import org.jzenith.rest.internal.security.AccessRule;
import org.jzenith.rest.internal.security.Authenticating;
import org.jzenith.rest.internal.sse.ServerSentEvents;
import org.jzenith.rest.security.Authentication;

/**
 * Handles the requests of one resource method: binds its arguments on the event loop, then, on the
 * thread its return type or annotations ask for, decodes the body, validates, calls the method and
 * writes the result. Everything it uses was prepared at start-up; the request path does no
 * reflection.
 *
 * <p>Every path ends in a response: a failure at any step, even an {@link Error}, is answered
 * (with a problem response, or by closing the connection once part of a body is out), on the
 * request's event loop.
 *
 * <p>Thread-safe: one instance serves every event loop. A method that runs off the event loop gets
 * plain values only, never Vert.x's request objects.
 */
public final class EndpointHandler implements Handler<RoutingContext> {

    private static final Object[] NO_ARGUMENTS = {};
    private static final Object[][] NO_LOCATED = {};
    private static final String CURRENT = CurrentRequest.class.getName();
    private static final CharSequence EVENT_STREAM = HttpHeaders.createOptimized("text/event-stream");
    private static final Map<String, List<String>> EVENT_STREAM_HEADERS = Map.of("Cache-Control", List.of("no-cache"));

    private final EndpointDefinition endpoint;
    private final String displayName;
    private final Supplier<Object> resource;
    private final MethodHandle invoker;
    private final ArgumentResolver[] resolvers;
    /** The index of the entity argument, -1 when the method has none. */
    private final int entityIndex;

    private final Optional<ArgumentResolvers.Entity> entity;
    private final Optional<ParameterValidation> validation;
    private final ResultHandler results;
    private final ErrorResponder errors;
    private final ThreadFactory virtualThreads;
    /** Empty where any content type will do, so that such a request does not look the header up. */
    private final Optional<Predicate<String>> acceptsContentType;

    private final EndpointFilters filters;
    /** Who may call the method; empty when everyone may. */
    private final Optional<AccessRule> access;
    /** Who sent the request: asked first, for every request, so bad credentials are a 401 even on an open method. */
    private final Authenticating authenticating;
    /** False where no authenticator is bound, so that such an application's requests pay nothing for them. */
    private final boolean authenticates;
    /** The index of the {@code @Suspended AsyncResponse} argument, -1 when the method has none. */
    private final int suspendedIndex;

    private final Suspension suspension;
    /** The index of the {@code @Context SseEventSink} argument, -1 when the method has none. */
    private final int eventSinkIndex;

    private final ServerSentEvents events;
    /** The sub-resource locators on the way to the method, and their parameters' resolvers; empty for most. */
    private final MethodHandle[] locators;

    private final ArgumentResolver[][] locatorResolvers;
    /** Whether the method may return a {@code StreamingOutput}, alone or as a Response's entity. */
    private final boolean mayStream;

    private final BodyWriter body;
    /**
     * Resolve the per-request contexts (UriInfo, HttpHeaders, Request, SecurityContext) of a resource
     * with such {@code @Context} fields; empty for the others, which pay nothing.
     */
    private final ArgumentResolver[] currentResolvers;

    private final CurrentRequest.Matched matched;
    /** False where no filter is bound to this method, so that such a request pays nothing for them. */
    private final boolean filtered;

    private final RequestTracing tracing;
    /** False without a tracing plugin, so that such a service's requests pay nothing for tracing. */
    private final boolean traced;
    /** The span name of a request of the route's own method: {@code GET /users/{id}}. */
    private final String spanName;

    private final HttpMethod routeMethod;

    EndpointHandler(
            final EndpointDefinition endpoint,
            final Supplier<Object> resource,
            final MethodHandle invoker,
            final ArgumentResolvers.Compiled arguments,
            final Optional<ParameterValidation> validation,
            final ResultHandler results,
            final ErrorResponder errors,
            final ThreadFactory virtualThreads,
            final Optional<Predicate<String>> acceptsContentType,
            final EndpointFilters filters,
            final Optional<AccessRule> access,
            final Authenticating authenticating,
            final Suspension suspension,
            final BodyWriter body,
            final ServerSentEvents events,
            final MethodHandle[] locators,
            final ArgumentResolver[] currentResolvers,
            final RequestTracing tracing) {
        this.endpoint = endpoint;
        this.tracing = tracing;
        this.traced = tracing.enabled();
        this.routeMethod = HttpMethod.valueOf(endpoint.httpMethod());
        this.spanName = endpoint.httpMethod() + ' ' + endpoint.path().template();
        this.displayName = endpoint.displayName();
        this.resource = resource;
        this.invoker = invoker;
        this.resolvers = arguments.resolvers();
        this.entity = arguments.entity();
        this.entityIndex = entity.map(ArgumentResolvers.Entity::index).orElse(-1);
        this.validation = validation;
        this.results = results;
        this.errors = errors;
        this.virtualThreads = virtualThreads;
        this.acceptsContentType = acceptsContentType;
        this.filters = filters;
        this.filtered = !filters.isEmpty();
        this.access = access;
        this.authenticating = authenticating;
        this.authenticates = !authenticating.isEmpty();
        this.suspension = suspension;
        this.suspendedIndex = indexOf(endpoint, ParameterSource.SUSPENDED);
        this.eventSinkIndex = indexOf(endpoint, ParameterSource.EVENT_SINK);
        this.events = events;
        this.locators = locators.clone();
        this.currentResolvers = currentResolvers.clone();
        this.matched = new CurrentRequest.Matched(endpoint.annotatedClass(), endpoint.method());
        this.locatorResolvers = arguments.locators();
        this.body = body;
        this.mayStream = endpoint.returnKind() == ReturnKind.VALUE || endpoint.returnKind() == ReturnKind.RESPONSE;
    }

    private static int indexOf(final EndpointDefinition endpoint, final ParameterSource source) {
        for (int i = 0; i < endpoint.parameters().size(); i++) {
            if (endpoint.parameters().get(i).source() == source) {
                return i;
            }
        }
        return -1;
    }

    /** On the request's event loop. */
    @Override
    public void handle(final RoutingContext routing) {
        if (!traced) {
            authenticate(routing);
            return;
        }
        tracing.routed(
                routing.request().method(),
                routeMethod,
                spanName,
                endpoint.path().template());
        try (Scope _ = RequestTracing.logContext()) {
            authenticate(routing);
        }
    }

    private void authenticate(final RoutingContext routing) {
        if (!authenticates) {
            serve(routing);
            return;
        }
        final Future<Authentication> authentication;
        try {
            authentication = authenticating.authenticate(routing);
        } catch (final Throwable failure) { // an authenticator's bug: answered, never left hanging
            fail(routing, routing.vertx().getOrCreateContext(), failure);
            return;
        }
        if (authentication.isComplete()) {
            authenticated(routing, authentication);
        } else {
            // A key being fetched, say: the request waits, the event loop does not.
            final Context context = routing.vertx().getOrCreateContext();
            authentication.onComplete(ignored -> OnContext.run(context, () -> authenticated(routing, authentication)));
        }
    }

    /** Once the authenticators answered: a 401 for credentials that do not hold, else on to the method. */
    private void authenticated(final RoutingContext routing, final Future<Authentication> authentication) {
        if (authentication.failed()) {
            fail(routing, routing.vertx().getOrCreateContext(), authentication.cause());
        } else if (authentication.result() instanceof Authentication.Rejected(final var challenge, final var reason)) {
            if (filtered) {
                ResponseFiltering.matched(routing, filters); // the 401 goes through the method's response filters too
            }
            errors.unauthorized(routing, List.of(challenge.header()), reason);
        } else {
            serve(routing);
        }
    }

    /** Filters, access check, binding and the call, once the request's user (if any) is known. */
    private void serve(final RoutingContext routing) {
        final Context context = routing.vertx().getOrCreateContext();
        final Object[] arguments;
        final Object[][] located;
        final CurrentRequest.Contexts current; // null where the resource has no per-request @Context field
        try {
            current = currentResolvers.length == 0 ? null : currentContexts(routing);
            if ((filtered && aborted(routing, current)) || (access.isPresent() && refused(routing))) {
                return; // answered already: the filter's abort, 401 or 403
            }
            arguments = acceptable(routing) ? bind(routing) : null;
            located = arguments == null || locators.length == 0 ? NO_LOCATED : bindLocators(routing);
        } catch (final Throwable failure) {
            fail(routing, context, failure);
            return;
        }
        if (arguments == null || located == null) {
            return; // answered already: 400 or 415
        }
        switch (endpoint.execution()) {
            case EVENT_LOOP -> invokeAndWrite(routing, context, arguments, located, current);
            case VIRTUAL_THREAD -> {
                try {
                    final Runnable call = () -> invokeAndWrite(routing, context, arguments, located, current);
                    virtualThreads
                            .newThread(traced ? tracing.carry(call) : call)
                            .start();
                } catch (final Throwable failure) {
                    fail(routing, context, failure); // no thread could be made: out of memory, say
                }
            }
            case WORKER -> {
                final Runnable call = () -> invokeAndWrite(routing, context, arguments, located, current);
                final Runnable work = traced ? tracing.carry(call) : call;
                context.executeBlocking(
                        () -> {
                            work.run();
                            return null;
                        },
                        false);
            }
        }
    }

    /**
     * Runs the request filters bound to this method, on the event loop, before the arguments are
     * bound (so that a header a filter sets is bound); answers with what a filter aborted with.
     */
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
            abort = RequestFiltering.run(
                    routing, filters.requestFilters(), endpoint.path().template(), resource);
        } finally {
            if (current != null) {
                CurrentRequest.clear();
            }
        }
        abort.ifPresent(response -> errors.respond(routing, response));
        return abort.isPresent();
    }

    /** The per-request contexts for the resource's {@code @Context} fields, made on the event loop. */
    private CurrentRequest.Contexts currentContexts(final RoutingContext routing) {
        final Object[] values = new Object[currentResolvers.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = ((Binding.Value) currentResolvers[i].resolve(routing)).value();
        }
        final CurrentRequest.Contexts contexts = CurrentRequest.Contexts.of(values, matched);
        routing.put(CURRENT, contexts); // for the answer, written later on the event loop
        return contexts;
    }

    /** The arguments of each sub-resource locator, on the event loop; {@code null} once a 400 has been sent. */
    private Object[][] bindLocators(final RoutingContext routing) {
        final Object[][] located = new Object[locatorResolvers.length][];
        for (int l = 0; l < locatorResolvers.length; l++) {
            located[l] = new Object[locatorResolvers[l].length];
            for (int i = 0; i < locatorResolvers[l].length; i++) {
                final Binding binding = locatorResolvers[l][i].resolve(routing);
                if (binding instanceof Binding.Invalid(final String message)) {
                    errors.send(routing, 400, message);
                    return null;
                }
                located[l][i] = ((Binding.Value) binding).value();
            }
        }
        return located;
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
        if (refusal.get().unauthenticated() && authenticates) {
            errors.unauthorized(
                    routing, authenticating.challenges(), refusal.get().detail());
        } else {
            errors.send(routing, 403, refusal.get().detail());
        }
        return true;
    }

    /** Whether the request's content type is one the method reads; answers 415 when it is not. */
    private boolean acceptable(final RoutingContext routing) {
        if (acceptsContentType.isEmpty()) {
            return true;
        }
        final String contentType = routing.request().getHeader(HttpHeaders.CONTENT_TYPE);
        if (contentType == null || acceptsContentType.get().test(contentType)) {
            return true;
        }
        errors.unsupportedMediaType(routing);
        return false;
    }

    /** The arguments as plain values, on the event loop; {@code null} once a 400 has been sent. */
    private Object[] bind(final RoutingContext routing) {
        if (resolvers.length == 0) {
            return NO_ARGUMENTS;
        }
        final Object[] arguments = new Object[resolvers.length];
        for (int i = 0; i < resolvers.length; i++) {
            final Binding binding = resolvers[i].resolve(routing);
            if (binding instanceof Binding.Invalid(final String message)) {
                errors.send(routing, 400, message);
                return null;
            }
            arguments[i] = ((Binding.Value) binding).value();
        }
        if (suspendedIndex >= 0) {
            arguments[suspendedIndex] =
                    suspension.suspend(routing, routing.vertx().getOrCreateContext());
        }
        if (eventSinkIndex >= 0) {
            arguments[eventSinkIndex] = events.sink(
                    routing,
                    routing.vertx().getOrCreateContext(),
                    started -> body.startStream(started, 200, EVENT_STREAM_HEADERS, EVENT_STREAM, true));
        }
        return arguments;
    }

    /**
     * Runs on the thread of {@link Execution}; answering always happens on the event loop, which
     * is where the request ends, and {@link RequestCompletion} sees it end.
     */
    private void invokeAndWrite(
            final RoutingContext routing,
            final Context context,
            final Object[] arguments,
            final Object[][] located,
            final CurrentRequest.Contexts current) {
        final Object result;
        if (current != null) {
            CurrentRequest.set(current);
        }
        try {
            if (entityIndex >= 0) {
                final Binding decoded = entity.orElseThrow().reader().read(arguments[entityIndex]);
                if (decoded instanceof Binding.Invalid(final String message)) {
                    answer(routing, context, () -> errors.send(routing, 400, message));
                    return;
                }
                arguments[entityIndex] = ((Binding.Value) decoded).value();
            }
            Object instance = resource.get();
            for (int i = 0; i < locators.length; i++) {
                instance = locators[i].invokeExact(instance, located[i]);
                if (instance == null) { // as Jakarta REST says: nothing there
                    answer(
                            routing,
                            context,
                            () -> errors.send(
                                    routing,
                                    404,
                                    "No resource exists at " + routing.request().path()));
                    return;
                }
            }
            if (validation.isPresent()) {
                final List<Violation> violations = validation.get().validate(instance, arguments);
                if (!violations.isEmpty()) {
                    answer(routing, context, () -> errors.invalid(routing, violations));
                    return;
                }
            }
            result = invoker.invokeExact(instance, arguments);
        } catch (final Throwable failure) {
            fail(routing, context, failure);
            return;
        } finally {
            if (current != null) {
                CurrentRequest.clear();
            }
        }
        if (mayStream
                && (result instanceof StreamingOutput
                        || (result instanceof Response response && response.getEntity() instanceof StreamingOutput))) {
            if (Thread.currentThread().isVirtual() || !Context.isOnEventLoopThread()) {
                stream(routing, context, result);
            } else {
                // @NonBlocking: the output blocks while it writes, so it writes on a thread of its own.
                virtualThreads.newThread(() -> stream(routing, context, result)).start();
            }
            return;
        }
        answer(routing, context, () -> write(routing, context, result));
    }

    /**
     * Writes a {@code StreamingOutput} on this (virtual or worker) thread, through a stream that
     * hands its parts to the event loop; a failure before anything is out is answered, one after it
     * cuts the response off.
     */
    private void stream(final RoutingContext routing, final Context context, final Object result) {
        final Optional<Response> response = result instanceof Response r ? Optional.of(r) : Optional.empty();
        final StreamingOutput output =
                (StreamingOutput) response.map(Response::getEntity).orElse(result);
        final int status = response.map(Response::getStatus).orElse(200);
        final Map<String, List<String>> headers = response.map(r -> {
                    final Map<String, List<String>> copy = new HashMap<>(r.getStringHeaders());
                    copy.remove(HttpHeaders.CONTENT_TYPE.toString());
                    return copy;
                })
                .orElse(Map.of());
        final ResponseOutputStream out = new ResponseOutputStream(routing, context, chunked -> {
            final CharSequence contentType =
                    response.isPresent() ? body.contentTypeOf(routing, response.get()) : body.negotiated(routing);
            body.startStream(routing, status, headers, contentType, chunked);
        });
        try {
            output.write(out);
            out.close();
        } catch (final Throwable failure) {
            if (!out.started()) {
                fail(routing, context, failure);
            } else if (!(failure instanceof ResponseOutputStream.ClientGone)) {
                OnContext.run(context, () -> errors.fail(routing, displayName, failure)); // logs, cuts it off
            }
            if (failure instanceof VirtualMachineError fatal) {
                throw fatal;
            }
        }
    }

    /** On the event loop, inside {@link #answer}. */
    private void write(final RoutingContext routing, final Context context, final Object result) {
        try {
            results.handle(routing, context, result);
        } catch (final Throwable failure) {
            errors.fail(routing, displayName, failure);
            if (failure instanceof VirtualMachineError fatal) {
                throw fatal;
            }
        }
    }

    /** Runs {@code answer} on the event loop; the request's {@link RequestCompletion} times it when it ends. */
    private void answer(final RoutingContext routing, final Context context, final Runnable answer) {
        OnContext.run(context, () -> {
            // Response filters, mappers and writers with per-request @Context fields answer for this request.
            final CurrentRequest.Contexts current = currentResolvers.length == 0 ? null : routing.get(CURRENT);
            if (current != null) {
                CurrentRequest.set(current);
            }
            try {
                answer.run();
            } finally {
                if (current != null) {
                    CurrentRequest.clear();
                }
            }
        });
    }

    /**
     * Answers {@code failure} on the event loop, even an {@link Error}: on a virtual thread nothing
     * else would, and the client would wait for ever. A JVM error is rethrown once answered.
     */
    private void fail(final RoutingContext routing, final Context context, final Throwable failure) {
        answer(routing, context, () -> errors.fail(routing, displayName, failure));
        if (failure instanceof VirtualMachineError fatal) {
            throw fatal;
        }
    }
}
