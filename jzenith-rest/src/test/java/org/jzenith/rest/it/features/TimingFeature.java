package org.jzenith.rest.it.features;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;

/** The classic DynamicFeature: a filter for the methods that carry an annotation of the application's. */
public class TimingFeature implements DynamicFeature {

    @Override
    public void configure(final ResourceInfo resource, final FeatureContext context) {
        if (resource.getResourceMethod().isAnnotationPresent(Timed.class)) {
            context.register(new TimedHeaderFilter(resource.getResourceClass().getSimpleName() + "."
                    + resource.getResourceMethod().getName()));
        }
    }

    /** Says which method was timed. */
    static final class TimedHeaderFilter implements ContainerResponseFilter {

        private final String method;

        TimedHeaderFilter(final String method) {
            this.method = method;
        }

        @Override
        public void filter(final ContainerRequestContext request, final ContainerResponseContext response) {
            response.getHeaders().putSingle("X-Timed", method);
        }
    }
}
