package org.jzenith.rest.internal.invoke;

import io.vertx.core.Context;
import io.vertx.ext.web.RoutingContext;
import java.lang.invoke.MethodHandle;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.jzenith.rest.internal.binding.ArgumentResolvers;
import org.jzenith.rest.internal.context.CurrentRequest;
import org.jzenith.rest.internal.errors.ErrorResponder;
import org.jzenith.rest.internal.errors.Violation;
import org.jzenith.rest.internal.params.Binding;

/**
 * The stage that calls the method, on the thread {@link DispatchStage} chose: decodes the body
 * (400), walks the sub-resource locators (404 where one finds nothing), validates (400) and calls
 * it through its method handle, then hands the result to {@link WriteStage}.
 *
 * <p>Thread-safe; called on the event loop, a virtual thread or a worker; it answers on the event
 * loop only.
 */
final class InvokeStage {

    private final Supplier<Object> resource;
    private final MethodHandle invoker;
    private final Optional<ArgumentResolvers.Entity> entity;
    /** The index of the entity argument, -1 when the method has none. */
    private final int entityIndex;
    /** The sub-resource locators on the way to the method; empty for most. */
    private final MethodHandle[] locators;

    private final Optional<ParameterValidation> validation;
    private final ErrorResponder errors;
    private final Answering answering;
    private final WriteStage write;

    InvokeStage(
            final Supplier<Object> resource,
            final MethodHandle invoker,
            final Optional<ArgumentResolvers.Entity> entity,
            final MethodHandle[] locators,
            final Optional<ParameterValidation> validation,
            final ErrorResponder errors,
            final Answering answering,
            final WriteStage write) {
        this.resource = resource;
        this.invoker = invoker;
        this.entity = entity;
        this.entityIndex = entity.map(ArgumentResolvers.Entity::index).orElse(-1);
        this.locators = locators.clone();
        this.validation = validation;
        this.errors = errors;
        this.answering = answering;
        this.write = write;
    }

    void invoke(
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
                    answering.answer(routing, context, () -> errors.send(routing, 400, message));
                    return;
                }
                arguments[entityIndex] = ((Binding.Value) decoded).value();
            }
            Object instance = resource.get();
            for (int i = 0; i < locators.length; i++) {
                instance = locators[i].invokeExact(instance, located[i]);
                if (instance == null) { // as Jakarta REST says: nothing there
                    answering.answer(
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
                    answering.answer(routing, context, () -> errors.invalid(routing, violations));
                    return;
                }
            }
            result = invoker.invokeExact(instance, arguments);
        } catch (final Throwable failure) {
            answering.fail(routing, context, failure);
            return;
        } finally {
            if (current != null) {
                CurrentRequest.clear();
            }
        }
        write.write(routing, context, result);
    }
}
