package org.jzenith.rest.it.features;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;

/** Registered by {@link HeadersFeature}, by class: made by Guice. */
public class GreetingHeaderFilter implements ContainerResponseFilter {

    @Override
    public void filter(final ContainerRequestContext request, final ContainerResponseContext response) {
        response.getHeaders().putSingle("X-Greeting", "hello");
    }
}
