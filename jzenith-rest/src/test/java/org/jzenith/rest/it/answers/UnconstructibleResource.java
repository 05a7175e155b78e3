package org.jzenith.rest.it.answers;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

/** A resource made per request whose constructor fails. */
@Path("/unconstructible")
@PerRequest
public class UnconstructibleResource {

    @Inject
    public UnconstructibleResource() {
        throw new IllegalStateException("a constructor bug");
    }

    @GET
    public String get() {
        return "never";
    }
}
