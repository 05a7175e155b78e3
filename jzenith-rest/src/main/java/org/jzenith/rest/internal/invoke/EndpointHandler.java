package org.jzenith.rest.internal.invoke;

import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import java.lang.invoke.MethodHandle;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jzenith.rest.internal.binding.ArgumentResolver;
import org.jzenith.rest.internal.errors.ErrorResponder;
import org.jzenith.rest.internal.errors.Violation;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.model.Execution;
import org.jzenith.rest.internal.params.Binding;

/**
 * Handles the requests of one resource method: resolves its arguments, validates them, calls it
 * on the thread its return type or annotations ask for, and writes the result. Everything it
 * uses was prepared at start-up; the request path does no reflection.
 *
 * <p>Thread-safe: one instance serves every event loop.
 */
public final class EndpointHandler implements Handler<RoutingContext> {

    private static final Object[] NO_ARGUMENTS = {};

    private final EndpointDefinition endpoint;
    private final String displayName;
    private final Supplier<Object> resource;
    private final MethodHandle invoker;
    private final ArgumentResolver[] resolvers;
    private final Optional<ParameterValidation> validation;
    private final ResultHandler results;
    private final ErrorResponder errors;
    private final Executor virtualThreads;
    private final EndpointMetrics metrics;
    /** Empty where any content type will do, so that such a request does not look the header up. */
    private final Optional<Predicate<String>> acceptsContentType;

    EndpointHandler(
            final EndpointDefinition endpoint,
            final Supplier<Object> resource,
            final MethodHandle invoker,
            final ArgumentResolver[] resolvers,
            final Optional<ParameterValidation> validation,
            final ResultHandler results,
            final ErrorResponder errors,
            final Executor virtualThreads,
            final EndpointMetrics metrics,
            final Optional<Predicate<String>> acceptsContentType) {
        this.endpoint = endpoint;
        this.displayName = endpoint.displayName();
        this.resource = resource;
        this.invoker = invoker;
        this.resolvers = resolvers.clone();
        this.validation = validation;
        this.results = results;
        this.errors = errors;
        this.virtualThreads = virtualThreads;
        this.metrics = metrics;
        this.acceptsContentType = acceptsContentType;
    }

    @Override
    public void handle(final RoutingContext routing) {
        final long start = System.nanoTime();
        if (acceptsContentType.isPresent()) {
            final String contentType = routing.request().getHeader(HttpHeaders.CONTENT_TYPE);
            if (contentType != null && !acceptsContentType.get().test(contentType)) {
                errors.send(routing, 415, "This endpoint does not accept the content type " + contentType);
                metrics.recordWhenEnded(routing, start);
                return;
            }
        }
        final Context context = routing.vertx().getOrCreateContext();
        switch (endpoint.execution()) {
            case EVENT_LOOP -> {
                invokeAndWrite(routing, context);
                metrics.recordWhenEnded(routing, start);
            }
            case VIRTUAL_THREAD -> {
                metrics.recordOnEnd(routing, start);
                virtualThreads.execute(() -> invokeAndWrite(routing, context));
            }
            case WORKER -> {
                metrics.recordOnEnd(routing, start);
                context.executeBlocking(
                        () -> {
                            invokeAndWrite(routing, context);
                            return null;
                        },
                        false);
            }
        }
    }

    /** Runs on the thread of {@link Execution}; writing always hops to the event loop. */
    private void invokeAndWrite(final RoutingContext routing, final Context context) {
        final Object[] arguments = resolvers.length == 0 ? NO_ARGUMENTS : new Object[resolvers.length];
        for (int i = 0; i < resolvers.length; i++) {
            final Binding binding = resolvers[i].resolve(routing);
            if (binding instanceof Binding.Invalid(final String message)) {
                OnContext.run(context, () -> errors.send(routing, 400, message));
                return;
            }
            arguments[i] = ((Binding.Value) binding).value();
        }
        final Object instance;
        final Object result;
        try {
            instance = resource.get();
            if (validation.isPresent()) {
                final List<Violation> violations = validation.get().validate(instance, arguments);
                if (!violations.isEmpty()) {
                    OnContext.run(context, () -> errors.invalid(routing, violations));
                    return;
                }
            }
            result = invoker.invokeExact(instance, arguments);
        } catch (final Throwable failure) {
            // Answer even an Error: on a virtual thread nothing else would, and the client would hang.
            OnContext.run(context, () -> errors.fail(routing, displayName, failure));
            if (failure instanceof VirtualMachineError fatal) {
                throw fatal;
            }
            return;
        }
        if (endpoint.execution() == Execution.EVENT_LOOP) {
            write(routing, context, result);
        } else {
            OnContext.run(context, () -> write(routing, context, result));
        }
    }

    private void write(final RoutingContext routing, final Context context, final Object result) {
        try {
            results.handle(routing, context, result);
        } catch (final RuntimeException failure) {
            errors.fail(routing, displayName, failure);
        }
    }
}
