package org.jzenith.rest.spi;

import jakarta.ws.rs.core.MediaType;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.List;

/**
 * One resource method as the REST plugin serves it: {@code GET /users/{id}} bound to {@code
 * UserResource.get}. Immutable, so thread-safe.
 *
 * @param resourceClass the resource class named in {@code RestPlugin.withResources}
 * @param method the Java method
 * @param httpMethod {@code GET}, {@code POST}, ...
 * @param pathTemplate the full Jakarta path template, such as {@code /items/{id: [0-9]+}}
 * @param pathVariables the names of the template's variables, in order
 * @param produces the media types it produces, most preferred first (never empty)
 * @param consumes the media types its body may have (empty: any, or no body)
 * @param parameters the parameters of the sub-resource locators on the way to it, then its own
 * @param result how its result is written
 * @param valueType the type of the value written as the body ({@code T} of {@code Single<T>};
 *     {@code Void} for none)
 * @param reachedThroughLocators whether the method belongs to an object a sub-resource locator returns
 */
public record Endpoint(
        Class<?> resourceClass,
        Method method,
        String httpMethod,
        String pathTemplate,
        List<String> pathVariables,
        List<MediaType> produces,
        List<MediaType> consumes,
        List<EndpointParameter> parameters,
        ResultKind result,
        Type valueType,
        boolean reachedThroughLocators) {

    public Endpoint {
        pathVariables = List.copyOf(pathVariables);
        produces = List.copyOf(produces);
        consumes = List.copyOf(consumes);
        parameters = List.copyOf(parameters);
    }

    /**
     * The class whose class-level annotations (security, documentation) apply: the resource's, or
     * for a method reached through locators, the sub-resource's.
     */
    public Class<?> annotatedClass() {
        return reachedThroughLocators ? method.getDeclaringClass() : resourceClass;
    }
}
