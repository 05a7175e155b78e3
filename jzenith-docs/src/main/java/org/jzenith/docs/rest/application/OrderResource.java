package org.jzenith.docs.rest.application;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;

/** A resource that an existing Application lists in getClasses(). */
@Path("/orders")
public class OrderResource {

    @GET
    @Path("/{id}")
    public Order get(@PathParam("id") final String id) {
        if (id.equals("1")) {
            return new Order(id);
        }
        throw new NoSuchOrderException(id);
    }
}
