package org.jzenith.rest.it.conventions;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** A resource the application does not list. */
@Path("/catalog")
public class CatalogResource {

    @GET
    @Path("/{sku}")
    @Produces(MediaType.TEXT_PLAIN)
    public String item(@PathParam("sku") final String sku) {
        return "item " + sku;
    }
}
