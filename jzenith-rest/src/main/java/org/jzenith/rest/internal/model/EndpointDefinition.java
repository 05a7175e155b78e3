package org.jzenith.rest.internal.model;

import jakarta.ws.rs.core.MediaType;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.List;
import org.jzenith.core.spi.execution.Execution;

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
 * @param locators the sub-resource locators called, in order, from the resource to the object whose
 *     {@code method} this is; empty for a method of the resource itself
 * @param producesDeclared whether {@code @Produces} says what it produces; without, it produces
 *     {@code *}{@code /*}: JSON ({@code produces}) unless {@code Accept}, the returned {@code Response}'s
 *     type or a writer for the entity chooses another
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
        Execution execution,
        List<Locator> locators,
        boolean producesDeclared) {

    public EndpointDefinition {
        produces = List.copyOf(produces);
        consumes = List.copyOf(consumes);
        parameters = List.copyOf(parameters);
        locators = List.copyOf(locators);
    }

    /** {@code UserResource.get} — how logs and errors name the method. */
    public String displayName() {
        if (locators.isEmpty()) {
            return resourceClass.getSimpleName() + "." + method.getName();
        }
        final StringBuilder name = new StringBuilder(resourceClass.getSimpleName());
        locators.forEach(
                locator -> name.append('.').append(locator.method().getName()).append("()"));
        return name.append('.').append(method.getName()).toString();
    }

    /**
     * The class whose class-level annotations (security, name bindings) apply: the resource's, or
     * for a method reached through locators, the sub-resource's.
     */
    public Class<?> annotatedClass() {
        return locators.isEmpty() ? resourceClass : method.getDeclaringClass();
    }

    /** Whether the method reads a request body (an entity or form fields). */
    public boolean readsBody() {
        return parameters.stream()
                .anyMatch(p -> p.source() == ParameterSource.ENTITY || p.source() == ParameterSource.FORM);
    }
}
