package org.jzenith.rest.it.compat;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * Written as Dropwizard and Jersey examples are: one public constructor without {@code @Inject},
 * and {@code @Consumes} on the class, which applies to the methods that read a body only.
 */
@Path("/dropwizard")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class DropwizardStyleResource {

    private final Greeting greeting;

    public DropwizardStyleResource(final Greeting greeting) {
        this.greeting = greeting;
    }

    @GET
    @Path("/{name}")
    public String greet(@PathParam("name") final String name) {
        return "\"" + greeting.to(name) + "\"";
    }

    @POST
    public String echo(final String body) {
        return body;
    }
}
