package org.jzenith.rest.it.adapters;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;

/** Returns Mutiny's types, as Quarkus REST resources do. */
@Path("/quarkus")
@Produces(MediaType.APPLICATION_JSON)
public class QuarkusStyleResource {

    /** A greeting. */
    public record Greeting(String text) {}

    @GET
    @Path("/greetings/{name}")
    public Uni<Greeting> greet(@PathParam("name") final String name) {
        if (name.equals("nobody")) {
            return Uni.createFrom().failure(new NotFoundException("No one to greet"));
        }
        return Uni.createFrom()
                .item(new Greeting("Hello " + name))
                .onItem()
                .delayIt()
                .by(Duration.ofMillis(5));
    }

    @GET
    @Path("/nothing")
    public Uni<Void> nothing() {
        return Uni.createFrom().voidItem();
    }

    @GET
    @Path("/numbers")
    public Multi<Integer> numbers() {
        return Multi.createFrom().range(1, 4);
    }
}
