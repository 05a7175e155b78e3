package org.jzenith.rest.it.providers;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

@Path("/books")
@Produces(MediaType.APPLICATION_JSON)
public class BookResource {

    /** A book; its JSON names follow the application's mapper. */
    public record Book(String id, String firstAuthor) {}

    @GET
    @Path("/{id}")
    public Book get(@PathParam("id") final String id) {
        return switch (id) {
            case "known" -> new Book(id, "Ada Lovelace");
            case "bad" -> throw new NumberFormatException("not a number"); // an IllegalArgumentException
            case "buggy" -> throw new IllegalArgumentException("mapper bug");
            default -> throw new NoSuchBookException(id);
        };
    }
}
