package org.jzenith.rest.it.completion;

import jakarta.validation.constraints.Min;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** One resource method per way a request can end. */
@Path("/c")
@Produces(MediaType.TEXT_PLAIN)
public class Branches {

    static volatile CountDownLatch open = new CountDownLatch(0);
    static final AtomicInteger HOLDING = new AtomicInteger();

    @GET
    @Path("/plain")
    public String plain() {
        return "plain";
    }

    @GET
    @Path("/mapped")
    public String mapped() {
        throw new WebApplicationException(409);
    }

    @GET
    @Path("/boom")
    public String boom() {
        throw new IllegalStateException("a bug");
    }

    @GET
    @Path("/number")
    public String number(@QueryParam("n") final int n) {
        return Integer.toString(n);
    }

    @GET
    @Path("/positive")
    public String positive(@QueryParam("n") @Min(1) final int n) {
        return Integer.toString(n);
    }

    /** Never called: {@link AbortingFilter} answers first. */
    @GET
    @Path("/aborted")
    public String aborted() {
        return "not aborted";
    }

    @GET
    @Path("/async")
    public void async(@Suspended final AsyncResponse response) {
        CompletableFuture.delayedExecutor(20, TimeUnit.MILLISECONDS).execute(() -> response.resume("later"));
    }

    @GET
    @Path("/stream")
    public StreamingOutput stream() {
        return out -> out.write("streamed".getBytes(StandardCharsets.UTF_8));
    }

    @GET
    @Path("/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void events(@Context final SseEventSink sink, @Context final Sse sse) throws java.io.IOException {
        try (sink) {
            sink.send(sse.newEvent("tick", "1")).toCompletableFuture().join();
        }
    }

    /** Holds the request (on its virtual thread) until the test opens the gate. */
    @GET
    @Path("/hold")
    public String hold() throws InterruptedException {
        HOLDING.incrementAndGet();
        try {
            return open.await(30, TimeUnit.SECONDS) ? "passed" : "timed out";
        } finally {
            HOLDING.decrementAndGet();
        }
    }
}
