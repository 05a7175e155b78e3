package org.jzenith.rest.it.compat;

import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

/** Returns an asynchronous type jZenith does not subscribe to. */
@Path("/publisher")
public class UnsupportedAsyncResource {

    @GET
    public ListenableFuture<String> names() {
        return Futures.immediateFuture("ada");
    }
}
