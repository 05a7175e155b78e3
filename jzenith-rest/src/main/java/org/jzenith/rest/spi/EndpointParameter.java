package org.jzenith.rest.spi;

import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Optional;
import org.jzenith.rest.internal.model.PublishedModel;
import org.jzenith.rest.internal.model.ResourceScanner;

/**
 * One parameter of an endpoint (or one field of a {@code @BeanParam}), as read from its
 * annotations. Immutable, so thread-safe.
 *
 * @param source where the value comes from
 * @param name the Jakarta name ({@code @QueryParam("limit")} is {@code limit}); empty for the body
 * @param type the declared generic type
 * @param defaultValue the {@code @DefaultValue}, if any
 * @param annotations all annotations on the parameter (constraints, {@code @Valid}, {@code @BeanParam})
 */
public record EndpointParameter(
        ParameterSource source, String name, Type type, Optional<String> defaultValue, List<Annotation> annotations) {

    public EndpointParameter {
        annotations = List.copyOf(annotations);
    }

    /**
     * An element of {@code type} carrying {@code annotations}, read as the REST plugin reads a
     * parameter: for the fields of a {@code @BeanParam} class.
     *
     * <pre>{@code
     * EndpointParameter limit = EndpointParameter.of(field.getGenericType(), List.of(field.getAnnotations()));
     * }</pre>
     */
    public static EndpointParameter of(final Type type, final List<Annotation> annotations) {
        return PublishedModel.parameter(ResourceScanner.definition(type, annotations));
    }
}
