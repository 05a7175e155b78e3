package org.jzenith.rest.it.subresources;

import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/** A sub-resource: no @Path of its own, made by its locator for each request. */
@Produces(MediaType.APPLICATION_JSON)
public class OrderResource {

    private final String customer;

    public OrderResource(final String customer) {
        this.customer = customer;
    }

    @GET
    public List<String> list(@QueryParam("limit") @DefaultValue("2") final int limit) {
        return IntStream.rangeClosed(1, limit).mapToObj(i -> customer + "-" + i).toList();
    }

    @GET
    @Path("/{order}")
    public Map<String, Object> get(@PathParam("order") final int order) {
        return Map.of("customer", customer, "order", order);
    }

    @POST
    public Map<String, Object> create(final Map<String, Object> order) {
        return Map.of("customer", customer, "created", order);
    }

    @Path("/{order}/items")
    public ItemResource items(@PathParam("order") final int order) {
        return new ItemResource(customer, order);
    }
}
