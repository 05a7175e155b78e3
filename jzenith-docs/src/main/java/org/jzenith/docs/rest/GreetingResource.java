package org.jzenith.docs.rest;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;

/**
 * Calls the Greeter with what the client sent, unchecked, so that the Greeter's own validation is
 * what answers 400 (GreeterTest shows it).
 */
@Path("/greeting")
public class GreetingResource {

    private final Greeter greeter;

    @Inject
    public GreetingResource(final Greeter greeter) {
        this.greeter = greeter;
    }

    @GET
    public String greet(@QueryParam("name") final String name) {
        return greeter.greet(name);
    }
}
