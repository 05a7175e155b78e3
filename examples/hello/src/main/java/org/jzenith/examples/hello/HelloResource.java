package org.jzenith.examples.hello;

import jakarta.validation.constraints.Size;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

@Path("/hello")
@Produces(MediaType.APPLICATION_JSON)
public class HelloResource {

    /** The greeting; a plain return type, so it runs on a virtual thread. */
    public record Greeting(String message) {}

    @GET
    public Greeting hello(@QueryParam("name") @DefaultValue("World") @Size(min = 1, max = 100) final String name) {
        return new Greeting("Hello, " + name + "!");
    }
}
