package org.jzenith.rest.it.adapters;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

@Path("/in-house")
@Produces(MediaType.TEXT_PLAIN)
public class InHouseResource {

    @GET
    public Eventually<String> value() {
        return Eventually.of("adapted");
    }
}
