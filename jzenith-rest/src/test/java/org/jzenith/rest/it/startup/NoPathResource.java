package org.jzenith.rest.it.startup;

import jakarta.ws.rs.GET;

/** Named as a resource, but without @Path. */
public class NoPathResource {

    @GET
    public String get() {
        return "never";
    }
}
