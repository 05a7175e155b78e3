package org.jzenith.benchmarks.plain;

import io.smallrye.common.annotation.NonBlocking;
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

    /**
     * The same on the event loop, for benchmarks/pipelining.sh: it tells the cost of the virtual
     * thread's hand-over from the rest of the path when requests arrive pipelined.
     */
    @GET
    @Path("/plaintext/event-loop")
    @Produces(MediaType.TEXT_PLAIN)
    @NonBlocking
    public String plaintextOnTheEventLoop() {
        return "Hello, World!";
    }

    @GET
    @Path("/json")
    @Produces(MediaType.APPLICATION_JSON)
    public Message json() {
        return new Message("Hello, World!");
    }
}
