package org.jzenith.rest.it.features;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

@Path("/clock")
@Produces(MediaType.TEXT_PLAIN)
public class ClockResource {

    @GET
    @Timed
    public String now() {
        return "now";
    }

    @GET
    @Path("/untimed")
    public String untimed() {
        return "whenever";
    }
}
