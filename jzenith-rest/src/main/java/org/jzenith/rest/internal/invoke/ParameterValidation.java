package org.jzenith.rest.internal.invoke;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import jakarta.validation.executable.ExecutableValidator;
import jakarta.validation.metadata.MethodDescriptor;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jzenith.rest.internal.errors.Violation;
import org.jzenith.rest.internal.errors.Violations;
import org.jzenith.rest.internal.model.EndpointDefinition;
import org.jzenith.rest.internal.model.ParameterDefinition;

/**
 * Bean Validation of a resource method's arguments ({@code @Valid} bodies, constraints on
 * parameters). Made only for methods that have constraints, so that others pay nothing.
 */
final class ParameterValidation {

    private final ExecutableValidator validator;
    private final Method method;
    private final List<String> names;

    private ParameterValidation(final ExecutableValidator validator, final Method method, final List<String> names) {
        this.validator = validator;
        this.method = method;
        this.names = names;
    }

    static Optional<ParameterValidation> of(final EndpointDefinition endpoint, final Validator validator) {
        final MethodDescriptor descriptor = validator
                .getConstraintsForClass(endpoint.resourceClass())
                .getConstraintsForMethod(
                        endpoint.method().getName(), endpoint.method().getParameterTypes());
        if (descriptor == null || !descriptor.hasConstrainedParameters()) {
            return Optional.empty();
        }
        final List<String> names =
                endpoint.parameters().stream().map(ParameterDefinition::name).toList();
        return Optional.of(new ParameterValidation(validator.forExecutables(), endpoint.method(), names));
    }

    /** The violations of {@code arguments}; empty when they are valid. */
    List<Violation> validate(final Object resource, final Object[] arguments) {
        final Set<ConstraintViolation<Object>> violations = validator.validateParameters(resource, method, arguments);
        return violations.isEmpty() ? List.of() : Violations.of(violations, names::get);
    }
}
