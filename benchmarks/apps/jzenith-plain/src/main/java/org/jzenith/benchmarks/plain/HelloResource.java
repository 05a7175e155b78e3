package org.jzenith.benchmarks.plain;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The TechEmpower JSON and plaintext tests, as plain methods (virtual threads). */
@Path("/")
public class HelloResource {

    /** The JSON test's message, serialized anew on every request. */
    public record Message(String message) {}

    @GET
    @Path("/plaintext")
    @Produces(MediaType.TEXT_PLAIN)
    public String plaintext() {
        return "Hello, World!";
    }

    @GET
    @Path("/json")
    @Produces(MediaType.APPLICATION_JSON)
    public Message json() {
        return new Message("Hello, World!");
    }
}
