package org.jzenith.rest.spi;

import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Optional;

/**
 * One parameter of an endpoint (or one field of a {@code @BeanParam}), as read from its
 * annotations. Immutable, so thread-safe.
 *
 * @param source where the value comes from
 * @param name the Jakarta name ({@code @QueryParam("limit")} is {@code limit}); empty for the body
 * @param type the declared generic type
 * @param defaultValue the {@code @DefaultValue}, if any
 * @param annotations all annotations on the parameter (constraints, {@code @Valid}, {@code @BeanParam})
 * @param members a {@code @BeanParam}'s members as the plugin binds them (a record's components, a
 *     class's fields that carry a parameter annotation); empty for every other parameter
 */
public record EndpointParameter(
        ParameterSource source,
        String name,
        Type type,
        Optional<String> defaultValue,
        List<Annotation> annotations,
        List<EndpointParameter> members) {

    public EndpointParameter {
        annotations = List.copyOf(annotations);
        members = List.copyOf(members);
    }
}
