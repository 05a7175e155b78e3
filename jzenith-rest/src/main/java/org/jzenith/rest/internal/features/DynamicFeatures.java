package org.jzenith.rest.internal.features;

import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jzenith.rest.internal.filters.EndpointFilters;
import org.jzenith.rest.internal.model.EndpointDefinition;

/**
 * The application's {@link DynamicFeature}s, asked once per resource method at start-up which
 * filters that method gets besides the others; they run after the method's other filters of the
 * same kind. What else a dynamic feature registers fails start-up, naming it. Immutable.
 */
public final class DynamicFeatures {

    private final List<DynamicFeature> features;
    private final Function<Class<?>, Object> make;

    private DynamicFeatures(final List<DynamicFeature> features, final Function<Class<?>, Object> make) {
        this.features = List.copyOf(features);
        this.make = make;
    }

    /**
     * The dynamic features among {@code providers}; {@code make} makes what they register by class
     * (the injector, so such filters can inject services).
     */
    public static DynamicFeatures of(final List<?> providers, final Function<Class<?>, Object> make) {
        return new DynamicFeatures(
                providers.stream()
                        .filter(DynamicFeature.class::isInstance)
                        .map(DynamicFeature.class::cast)
                        .toList(),
                make);
    }

    /** Whether the application has any dynamic feature. */
    public boolean any() {
        return !features.isEmpty();
    }

    /**
     * {@code filters} with those the dynamic features register for {@code endpoint}.
     *
     * @throws IllegalArgumentException naming a feature that registers what is not a filter
     */
    public EndpointFilters filtersFor(final EndpointDefinition endpoint, final EndpointFilters filters) {
        if (features.isEmpty()) {
            return filters;
        }
        final List<ContainerRequestFilter> requests = new ArrayList<>(filters.requestFilters());
        final List<ContainerResponseFilter> responses = new ArrayList<>(filters.responseFilters());
        final ResourceInfo info = new Info(endpoint.annotatedClass(), endpoint.method());
        for (final DynamicFeature feature : features) {
            final CollectingFeatureContext context = new CollectingFeatureContext();
            feature.configure(info, context);
            final List<Object> registered = new ArrayList<>(context.instances());
            context.classes().forEach(type -> registered.add(make.apply(type)));
            for (final Object component : registered) {
                boolean used = false;
                if (component instanceof ContainerRequestFilter request) {
                    requests.add(request);
                    used = true;
                }
                if (component instanceof ContainerResponseFilter response) {
                    responses.add(response);
                    used = true;
                }
                if (!used) {
                    throw new IllegalArgumentException(feature.getClass().getSimpleName() + " registers "
                            + component.getClass().getSimpleName() + " for " + endpoint.displayName()
                            + "; a DynamicFeature may register request and response filters only");
                }
            }
        }
        return new EndpointFilters(requests, responses);
    }

    private record Info(Class<?> resourceClass, Method resourceMethod) implements ResourceInfo {

        @Override
        public Method getResourceMethod() {
            return resourceMethod;
        }

        @Override
        public Class<?> getResourceClass() {
            return resourceClass;
        }
    }
}
