package org.jzenith.rest.internal.model;

import java.util.ArrayList;
import java.util.List;
import org.jzenith.rest.internal.adapters.ReactiveAdapters;

/**
 * The endpoints of the resource classes an application names, read once when it names them, and
 * what is wrong with those that cannot be served; nothing is thrown, so that every problem can be
 * reported with all others before the application starts.
 *
 * @param endpoints the endpoints of every resource that could be read
 * @param problems one per resource class that could not be read
 * @param dynamicLocators the locators returning {@code Object} or {@code Class<?>}, served at request time
 */
public record ResourceModel(
        List<EndpointDefinition> endpoints, List<Problem> problems, List<DynamicLocator> dynamicLocators) {

    /** Why a resource class cannot be served; the message names the class or method and the fix. */
    public record Problem(Class<?> resourceClass, String message) {}

    public ResourceModel {
        endpoints = List.copyOf(endpoints);
        problems = List.copyOf(problems);
        dynamicLocators = List.copyOf(dynamicLocators);
    }

    /**
     * Reads {@code resources}, each a class annotated with {@code @Path}, served under {@code
     * basePath}, whose methods may return the types {@code adapters} adapt.
     */
    public static ResourceModel of(
            final List<Class<?>> resources, final String basePath, final ReactiveAdapters adapters) {
        final List<EndpointDefinition> endpoints = new ArrayList<>();
        final List<Problem> problems = new ArrayList<>();
        final List<DynamicLocator> dynamic = new ArrayList<>();
        for (final Class<?> resource : resources) {
            try {
                final List<DynamicLocator> found = new ArrayList<>();
                endpoints.addAll(ResourceScanner.scan(resource, basePath, adapters, found));
                dynamic.addAll(found);
            } catch (final RuntimeException e) {
                problems.add(new Problem(
                        resource,
                        e instanceof IllegalArgumentException && e.getMessage() != null
                                ? e.getMessage()
                                : "cannot be read (" + e + "); please report this with the class"));
            }
        }
        return new ResourceModel(endpoints, problems, dynamic);
    }
}
