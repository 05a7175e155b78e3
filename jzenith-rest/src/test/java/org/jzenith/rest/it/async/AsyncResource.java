package org.jzenith.rest.it.async;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.CompletionCallback;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/** Written as Jersey's async examples write resources: hand the AsyncResponse to another thread. */
@Path("/async")
@Produces(MediaType.APPLICATION_JSON)
@Singleton
public class AsyncResource {

    /** A report, as JSON. */
    public record Report(String id, int pages) {}

    /** What the callbacks and second resumes saw, for the test to read. */
    static final List<String> EVENTS = new CopyOnWriteArrayList<>();

    private final Executor later = CompletableFuture.delayedExecutor(20, TimeUnit.MILLISECONDS);

    @Inject
    public AsyncResource() {}

    @GET
    @Path("/reports/{id}")
    public void report(@PathParam("id") final String id, @Suspended final AsyncResponse response) {
        response.register((CompletionCallback) failure -> EVENTS.add("completed " + id + " " + (failure == null)));
        later.execute(() -> {
            if (id.equals("missing")) {
                response.resume(new NotFoundException("No report " + id));
            } else {
                response.resume(new Report(id, 12));
                EVENTS.add("second resume " + response.resume(new Report(id, 13)));
            }
        });
    }

    @GET
    @Path("/created")
    public void created(@Suspended final AsyncResponse response) {
        later.execute(() -> response.resume(Response.status(201)
                .header("Location", "/async/reports/r9")
                .entity(new Report("r9", 1))
                .build()));
    }

    @GET
    @Path("/slow-with-handler")
    public void slowWithHandler(@Suspended final AsyncResponse response) {
        response.setTimeoutHandler(timedOut -> timedOut.resume(Response.status(Response.Status.GATEWAY_TIMEOUT)
                .entity("\"gave up\"")
                .build()));
        response.setTimeout(50, TimeUnit.MILLISECONDS);
    }

    @GET
    @Path("/slow")
    public void slow(@Suspended final AsyncResponse response) {
        response.setTimeout(50, TimeUnit.MILLISECONDS);
    }

    @GET
    @Path("/forgotten")
    public void forgotten(@Suspended final AsyncResponse response) {
        // never resumed: rest.suspend-timeout answers it
    }

    @GET
    @Path("/cancelled")
    public void cancelled(@Suspended final AsyncResponse response) {
        later.execute(() -> response.cancel(7));
    }
}
