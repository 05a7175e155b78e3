package org.jzenith.rest.it.converters;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;

@Path("/opaque")
public class OpaqueResource {

    @GET
    public String get(@QueryParam("o") final Opaque opaque) {
        return String.valueOf(opaque);
    }
}
