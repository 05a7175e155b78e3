package org.jzenith.rest.it.subresources;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** A sub-resource made by the ResourceContext: the injector makes it, so it injects services. */
@Produces(MediaType.TEXT_PLAIN)
public class StockResource {

    @Inject
    Warehouse warehouse;

    @GET
    public String stock(@PathParam("item") final String item) {
        return item + ": " + warehouse.stockOf(item);
    }
}
