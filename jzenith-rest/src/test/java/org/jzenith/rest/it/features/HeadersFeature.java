package org.jzenith.rest.it.features;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;

/** A Feature as libraries ship them: it registers providers, by class and as an instance. */
public class HeadersFeature implements Feature {

    @Override
    public boolean configure(final FeatureContext context) {
        context.register(GreetingHeaderFilter.class);
        context.register(
                (ContainerResponseFilter) (ContainerRequestContext request, ContainerResponseContext response) ->
                        response.getHeaders().putSingle("X-Feature", "on"));
        return true;
    }
}
