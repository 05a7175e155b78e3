package org.jzenith.rest.it.compat;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

/** Forgets @PathParam: the parameter would silently be the (empty) body. */
@Path("/items/{id}")
public class MissingPathParamResource {

    @GET
    public String get(final String id) {
        return id;
    }
}
