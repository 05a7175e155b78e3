package org.jzenith.rest.internal.model;

import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Optional;

/**
 * One parameter of a resource method (or one field or component of a {@code @BeanParam}), as
 * read from its annotations at start-up.
 *
 * @param source where the value comes from
 * @param name the Jakarta name ({@code @QueryParam("limit")} → {@code limit}); empty for the entity
 * @param type the declared generic type
 * @param defaultValue the {@code @DefaultValue}, if any
 * @param annotations all annotations on the parameter (constraints, {@code @Valid})
 */
public record ParameterDefinition(
        ParameterSource source, String name, Type type, Optional<String> defaultValue, List<Annotation> annotations) {

    public ParameterDefinition {
        annotations = List.copyOf(annotations);
    }

    /** How error messages name this parameter. */
    public String description() {
        return source.describe(name);
    }
}
