package org.jzenith.rest.it.subresources;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** Sub-resource locators as Jersey's and the Jakarta tutorial's examples write them. */
@Path("/customers")
@Produces(MediaType.APPLICATION_JSON)
public class CustomerResource {

    @GET
    @Path("/{id}")
    public String get(@PathParam("id") final String id) {
        return "\"customer " + id + "\"";
    }

    @Path("/{id}/orders")
    public OrderResource orders(@PathParam("id") final String customer) {
        return customer.equals("nobody") ? null : new OrderResource(customer);
    }
}
