package org.jzenith.docs.rest;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/rest.md, "Responses": a 201 with Location, and content negotiation. */
@Path("/things")
public class ThingResource {

    private final ThingService things;

    @Inject
    public ThingResource(final ThingService things) {
        this.things = things;
    }

    // tag::create[]
    @POST
    public Response create(final CreateThing request) {
        final Thing thing = things.create(request);
        return Response.created(URI.create("/things/" + thing.id())).entity(thing).build();  // 201 + Location
    }
    // end::create[]

    // tag::negotiated[]
    @GET @Path("/negotiated")
    @Produces({MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN})
    public String negotiated() { return "Hello"; }       // Accept: text/plain → text/plain;charset=utf-8
    // end::negotiated[]
}
// spotless:on
