package org.jzenith.rest.internal.invoke;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Valid;
import jakarta.validation.Validator;
import jakarta.validation.executable.ExecutableValidator;
import java.lang.annotation.Annotation;
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
 * parameters). Made only for methods whose parameters are annotated so, so that others pay nothing;
 * Hibernate Validator itself starts when the first such request comes, not at start-up.
 */
final class ParameterValidation {

    private final Validator validator;
    private final Method method;
    private final List<String> names;
    private volatile ExecutableValidator executables; // from the validator on first use

    private ParameterValidation(final Validator validator, final Method method, final List<String> names) {
        this.validator = validator;
        this.method = method;
        this.names = names;
    }

    static Optional<ParameterValidation> of(final EndpointDefinition endpoint, final Validator validator) {
        if (!constrained(endpoint)) {
            return Optional.empty();
        }
        final List<String> names =
                endpoint.parameters().stream().map(ParameterDefinition::name).toList();
        return Optional.of(new ParameterValidation(validator, endpoint.method(), names));
    }

    /** Whether a parameter is {@code @Valid} or carries a constraint (an annotation that is a {@code @Constraint}). */
    static boolean constrained(final EndpointDefinition endpoint) {
        return endpoint.parameters().stream()
                .flatMap(parameter -> parameter.annotations().stream())
                .map(Annotation::annotationType)
                .anyMatch(type -> type == Valid.class || type.isAnnotationPresent(Constraint.class));
    }

    /** The violations of {@code arguments}; empty when they are valid. */
    List<Violation> validate(final Object resource, final Object[] arguments) {
        ExecutableValidator resolved = executables;
        if (resolved == null) {
            resolved =
                    validator
                            .forExecutables(); // starts Hibernate Validator on the first request; same result on a race
            executables = resolved;
        }
        final Set<ConstraintViolation<Object>> violations = resolved.validateParameters(resource, method, arguments);
        return violations.isEmpty() ? List.of() : Violations.of(violations, names::get);
    }
}
