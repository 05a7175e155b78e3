package org.jzenith.rest.it.compat;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import java.util.concurrent.Flow;
import java.util.concurrent.SubmissionPublisher;

/** Returns an asynchronous type jZenith does not subscribe to. */
@Path("/publisher")
public class UnsupportedAsyncResource {

    @GET
    public Flow.Publisher<String> names() {
        return new SubmissionPublisher<>();
    }
}
