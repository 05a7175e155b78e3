package org.jzenith.rest.internal.errors;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntFunction;

/** Names constraint violations the way an API client knows the fields. */
public final class Violations {

    private Violations() {}

    /**
     * Violations of a bean (a request body or a service's argument): the property path is the
     * field, and a service method's parameter is named as compiled ({@code name} with {@code
     * -parameters}, else {@code arg0}).
     */
    public static List<Violation> of(final Collection<? extends ConstraintViolation<?>> violations) {
        return of(violations, OWN_NAMES);
    }

    /** Names each parameter by its own node's name. */
    private static final IntFunction<String> OWN_NAMES = index -> "";

    /**
     * Violations of a method's parameters: a parameter's name is its Jakarta name ({@code
     * limit}), and a request body's fields are named from its root ({@code name}, {@code
     * address.city}).
     */
    public static List<Violation> of(
            final Collection<? extends ConstraintViolation<?>> violations, final IntFunction<String> parameterName) {
        return violations.stream()
                .map(violation ->
                        new Violation(field(violation.getPropertyPath(), parameterName), violation.getMessage()))
                .sorted(Comparator.comparing(Violation::field).thenComparing(Violation::message))
                .toList();
    }

    private static String field(final Path path, final IntFunction<String> parameterName) {
        final StringBuilder field = new StringBuilder();
        for (final Path.Node node : path) {
            final String name;
            if (node.getKind() == ElementKind.METHOD
                    || node.getKind() == ElementKind.CONSTRUCTOR
                    || node.getKind() == ElementKind.CROSS_PARAMETER
                    || node.getKind() == ElementKind.RETURN_VALUE) {
                continue;
            } else if (node.getKind() == ElementKind.PARAMETER) {
                name = parameterName == OWN_NAMES
                        ? node.getName()
                        : parameterName.apply(node.as(Path.ParameterNode.class).getParameterIndex());
            } else if (node.getKind() == ElementKind.CONTAINER_ELEMENT || node.getName() == null) {
                name = "";
            } else {
                name = node.getName();
            }
            appendIndex(field, node);
            if (!name.isEmpty()) {
                if (!field.isEmpty()) {
                    field.append('.');
                }
                field.append(name);
            }
        }
        return field.toString();
    }

    private static void appendIndex(final StringBuilder field, final Path.Node node) {
        if (node.getIndex() != null) {
            field.append('[').append(node.getIndex()).append(']');
        } else if (node.getKey() != null) {
            field.append('[').append(node.getKey()).append(']');
        }
    }
}
