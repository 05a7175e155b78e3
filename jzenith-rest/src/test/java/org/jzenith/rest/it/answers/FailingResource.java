package org.jzenith.rest.it.answers;

import io.reactivex.rxjava3.core.Single;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.common.annotation.NonBlocking;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * One endpoint per step of answering a request that fails there, on each thread a method can run
 * on: the event loop ({@code el}), a virtual thread ({@code vt}) and a worker ({@code worker}).
 */
@Path("/fail")
public class FailingResource {

    // Binding the arguments, on the event loop whatever the method's thread.

    @GET
    @Path("/binding/el")
    @NonBlocking
    public String bindingOnEventLoop(@QueryParam("x") final Exploding x) {
        return "never";
    }

    @GET
    @Path("/binding/vt")
    public String bindingForVirtualThread(@QueryParam("x") final Exploding x) {
        return "never";
    }

    @GET
    @Path("/binding/worker")
    @Blocking
    public String bindingForWorker(@QueryParam("x") final Exploding x) {
        return "never";
    }

    // Reading the body, on the method's thread.

    @POST
    @Path("/entity/el")
    @NonBlocking
    @Consumes(MediaType.APPLICATION_JSON)
    public String entityOnEventLoop(final Unbuildable body) {
        return "never";
    }

    @POST
    @Path("/entity/vt")
    @Consumes(MediaType.APPLICATION_JSON)
    public String entityOnVirtualThread(final Unbuildable body) {
        return "never";
    }

    @POST
    @Path("/entity/worker")
    @Blocking
    @Consumes(MediaType.APPLICATION_JSON)
    public String entityOnWorker(final Unbuildable body) {
        return "never";
    }

    // Validating the arguments.

    @GET
    @Path("/validation/el")
    @NonBlocking
    public String validationOnEventLoop(@QueryParam("x") @Checked final String x) {
        return "never";
    }

    @GET
    @Path("/validation/vt")
    public String validationOnVirtualThread(@QueryParam("x") @Checked final String x) {
        return "never";
    }

    @GET
    @Path("/validation/worker")
    @Blocking
    public String validationOnWorker(@QueryParam("x") @Checked final String x) {
        return "never";
    }

    // The method itself throws an Error.

    @GET
    @Path("/invocation/el")
    @NonBlocking
    public String invocationOnEventLoop() {
        throw new AssertionError("a method bug");
    }

    @GET
    @Path("/invocation/vt")
    public String invocationOnVirtualThread() {
        throw new AssertionError("a method bug");
    }

    @GET
    @Path("/invocation/worker")
    @Blocking
    public String invocationOnWorker() {
        throw new AssertionError("a method bug");
    }

    // Writing the result.

    @GET
    @Path("/writing/el")
    @NonBlocking
    public Unwritable writingOnEventLoop() {
        return new Unwritable();
    }

    @GET
    @Path("/writing/vt")
    public Unwritable writingOnVirtualThread() {
        return new Unwritable();
    }

    @GET
    @Path("/writing/worker")
    @Blocking
    public Unwritable writingOnWorker() {
        return new Unwritable();
    }

    // Reactive results that fail in the ways a source can.

    @GET
    @Path("/reactive/null")
    public Single<String> nullSingle() {
        return null;
    }

    @GET
    @Path("/reactive/subscribe")
    public Single<String> subscribeFails() {
        return Single.unsafeCreate(observer -> {
            throw new IllegalStateException("a source bug");
        });
    }

    @GET
    @Path("/reactive/error")
    public CompletionStage<String> completesWithAnError() {
        return CompletableFuture.failedFuture(new AssertionError("an async bug"));
    }

    // UriInfo on a plain template, the defect that left requests on virtual threads unanswered.

    @GET
    @Path("/uri/{id}")
    public String uriInfo(@PathParam("id") final String id, @Context final UriInfo uri) {
        return uri.getPathParameters(false).getFirst("id") + " " + uri.getMatchedResourceTemplate();
    }
}
