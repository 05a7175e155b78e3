package org.jzenith.rest.it.subresources;

import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.ResourceContext;
import jakarta.ws.rs.core.Context;

/** Jersey's way to make sub-resources: a {@code @Context ResourceContext} field. */
@Path("/shop")
public class ShopResource {

    @Context
    ResourceContext resources;

    @Path("/stock/{item}")
    public StockResource stock() {
        return resources.getResource(StockResource.class);
    }

    @Path("/restock/{item}")
    public StockResource restock() {
        return resources.initResource(new StockResource());
    }
}
