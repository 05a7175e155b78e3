package org.jzenith.rest.it.subresources;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.core.Context;

/** A context type jZenith does not put into fields. */
@Path("/resource-info-field")
public class ResourceInfoFieldResource {

    @Context
    Configuration configuration;

    @GET
    public String get() {
        return configuration.getRuntimeType().name();
    }
}
