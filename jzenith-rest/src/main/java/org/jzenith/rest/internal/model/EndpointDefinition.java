package org.jzenith.rest.internal.model;

import jakarta.ws.rs.core.MediaType;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.List;

/**
 * One resource method bound to an HTTP method and path, read once at start-up.
 *
 * @param resourceClass the resource class named in {@code RestPlugin.withResources}
 * @param method the Java method
 * @param httpMethod GET, POST, ...
 * @param path the full path template
 * @param produces the media types it produces, most preferred first (never empty)
 * @param consumes the media types its body may have (empty: any, or no body)
 * @param parameters its parameters, in order
 * @param returnKind how its result is written
 * @param valueType the type of the value written as the body
 * @param execution the thread it runs on
 */
public record EndpointDefinition(
        Class<?> resourceClass,
        Method method,
        String httpMethod,
        PathTemplate path,
        List<MediaType> produces,
        List<MediaType> consumes,
        List<ParameterDefinition> parameters,
        ReturnKind returnKind,
        Type valueType,
        Execution execution) {

    public EndpointDefinition {
        produces = List.copyOf(produces);
        consumes = List.copyOf(consumes);
        parameters = List.copyOf(parameters);
    }

    /** {@code UserResource.get} — how logs and errors name the method. */
    public String displayName() {
        return resourceClass.getSimpleName() + "." + method.getName();
    }

    /** Whether the method reads a request body (an entity or form fields). */
    public boolean readsBody() {
        return parameters.stream()
                .anyMatch(p -> p.source() == ParameterSource.ENTITY || p.source() == ParameterSource.FORM);
    }
}
