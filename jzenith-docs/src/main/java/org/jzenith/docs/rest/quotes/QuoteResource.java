package org.jzenith.docs.rest.quotes;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import java.util.concurrent.CompletableFuture;

/** Returns the library's type; without the adapter, start-up fails naming this method. */
@Path("/quotes")
public class QuoteResource {

    @GET
    public Eventually<String> quote() {
        return new Eventually<>(CompletableFuture.completedFuture("Simplicity is prerequisite for reliability."));
    }
}
