package org.jzenith.rest.it.jfr;

import io.reactivex.rxjava3.core.Single;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

@Path("/recorded")
@Produces(MediaType.TEXT_PLAIN)
public class RecordedResource {

    @GET
    @Path("/items/{id}")
    public String item(@PathParam("id") final String id) {
        if (id.equals("missing")) {
            throw new NotFoundException("No item " + id);
        }
        return "item " + id;
    }

    @GET
    @Path("/reactive")
    public Single<String> reactive() {
        return Single.just("reactive");
    }
}
