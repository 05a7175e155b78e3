package org.jzenith.benchmarks;

import io.smallrye.common.annotation.NonBlocking;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * The TechEmpower test types. Methods that do not block say so with {@code @NonBlocking} and run
 * on the event loop, as jZenith's documentation advises; a plain method would run on a virtual
 * thread ({@code /json-vt} measures that default).
 */
@Path("/")
public class BenchmarkResource {

    /** The JSON test's message; serialized anew on every request, as the rules require. */
    public record Message(String message) {}

    @GET
    @Path("/plaintext")
    @Produces(MediaType.TEXT_PLAIN)
    @NonBlocking
    public String plaintext() {
        return "Hello, World!";
    }

    @GET
    @Path("/json")
    @Produces(MediaType.APPLICATION_JSON)
    @NonBlocking
    public Message json() {
        return new Message("Hello, World!");
    }

    @GET
    @Path("/json-vt")
    @Produces(MediaType.APPLICATION_JSON)
    public Message jsonOnVirtualThread() {
        return new Message("Hello, World!");
    }
}
