package org.jzenith.rest.it.resolvers;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** One type whose mapper is its own, one that has the default. */
@Path("/names")
@Produces(MediaType.APPLICATION_JSON)
public class Names {

    /** Written with the resolver's snake_case mapper. */
    public record Snake(String firstName) {}

    /** Written with jZenith's mapper. */
    public record Camel(String firstName) {}

    @GET
    @Path("/snake")
    public Snake snake() {
        return new Snake("Ada");
    }

    @GET
    @Path("/camel")
    public Camel camel() {
        return new Camel("Ada");
    }

    @POST
    @Path("/snake")
    public String read(final Snake snake) {
        return snake.firstName();
    }
}
