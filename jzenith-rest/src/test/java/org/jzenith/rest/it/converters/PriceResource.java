package org.jzenith.rest.it.converters;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.LocalDate;
import java.util.List;

@Path("/prices")
@Produces(MediaType.TEXT_PLAIN)
public class PriceResource {

    @GET
    @Path("/{price}")
    public String price(
            @PathParam("price") final Money price,
            @QueryParam("on") final LocalDate on,
            @QueryParam("also") final List<Money> also) {
        return price.amount() + " " + price.currency() + " on " + on + " and " + also.size() + " more";
    }
}
