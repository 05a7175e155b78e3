package org.jzenith.rest.it.application;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

@Path("orders")
@Produces(MediaType.APPLICATION_JSON)
public class OrderResource {

    private final Orders orders;

    public OrderResource(final Orders orders) {
        this.orders = orders;
    }

    @GET
    @Path("{id}")
    public Map<String, String> get(@PathParam("id") final String id) {
        return Map.of("id", id, "item", orders.find(id).orElseThrow(() -> new NoSuchOrderException(id)));
    }
}
