package org.jzenith.rest.it.async;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;

@Path("/wrong")
public class WrongSuspendedResource {

    @GET
    public String get(@Suspended final AsyncResponse response) {
        return "both ways";
    }
}
