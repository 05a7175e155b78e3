package org.jzenith.rest.it.subresources;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** A sub-resource of a sub-resource. */
public class ItemResource {

    private final String customer;
    private final int order;

    public ItemResource(final String customer, final int order) {
        this.customer = customer;
        this.order = order;
    }

    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public String all() {
        return "items of order " + order + " of " + customer;
    }
}
