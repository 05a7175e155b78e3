package org.jzenith.rest.it.hardening;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** Takes JSON and text bodies and answers what it read. */
@Path("/echo")
@Produces(MediaType.APPLICATION_JSON)
public class Echo {

    public record Person(String name, int age, List<String> tags) {}

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Person person(final Person person) {
        return person;
    }

    @POST
    @Path("/text")
    @Consumes(MediaType.TEXT_PLAIN)
    @Produces(MediaType.TEXT_PLAIN)
    public String text(final String text) {
        return text;
    }

    @DELETE
    public void forget() {
        // nothing to forget: answers 204
    }

    @GET
    public Person sample() {
        return new Person("Ada", 36, List.of());
    }
}
