package org.jzenith.rest.internal.model;

import java.lang.reflect.Method;
import java.util.List;

/**
 * A sub-resource locator on the way to an endpoint: a method with {@code @Path} and no HTTP method,
 * whose result is the object the next step is called on.
 *
 * @param method the locator method
 * @param parameters its parameters (path, query, header, ... never a body)
 */
public record Locator(Method method, List<ParameterDefinition> parameters) {

    public Locator {
        parameters = List.copyOf(parameters);
    }
}
