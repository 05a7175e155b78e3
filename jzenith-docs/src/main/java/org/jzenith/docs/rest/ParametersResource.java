package org.jzenith.docs.rest;

import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Optional;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/rest.md, "Parameters": every kind of parameter, and a @BeanParam record. */
@Path("/parameters")
public class ParametersResource {

    private final ThingService things;

    @Inject
    public ParametersResource(final ThingService things) {
        this.things = things;
    }

    // tag::parameters[]
    @GET
    public Page list(@QueryParam("limit") @DefaultValue("10") final int limit,
                     @QueryParam("tag") final List<String> tags,          // ?tag=a&tag=b
                     @QueryParam("sort") @DefaultValue("ASC") final Sort sort,
                     @QueryParam("q") final Optional<String> query,
                     @HeaderParam("X-Tenant") final String tenant,
                     @CookieParam("session") final String session) {
        return things.find(query, tags, sort, limit);
    }

    @POST @Path("/form") @Produces(MediaType.TEXT_PLAIN)
    public String form(@FormParam("name") final String name, @FormParam("count") final int count) {
        return count + " x " + name;
    }
    // end::parameters[]

    // tag::bean[]
    public record Paging(@QueryParam("offset") @DefaultValue("0") int offset,
                         @QueryParam("limit") @DefaultValue("10") int limit,
                         @HeaderParam("X-Tenant") String tenant) {}

    @GET @Path("/page")
    public Paging page(@BeanParam final Paging paging) { return paging; }
    // end::bean[]
}
// spotless:on
