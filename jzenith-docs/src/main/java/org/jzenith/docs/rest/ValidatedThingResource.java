package org.jzenith.docs.rest;

import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/rest.md, "Validation": constraints on parameters and a @Valid body. */
@Path("/validated")
public class ValidatedThingResource {

    private final ThingService things;

    @Inject
    public ValidatedThingResource(final ThingService things) {
        this.things = things;
    }

    // tag::validation[]
    @GET
    public Page list(@QueryParam("limit") @DefaultValue("10") @Min(1) @Max(100) final int limit) {
        return things.list(limit);
    }

    @POST
    public Response create(@Valid final CreateThing request) {      // record CreateThing(@NotBlank String name)
        return Response.status(Response.Status.CREATED).entity(things.create(request)).build();
    }
    // end::validation[]
}
// spotless:on
