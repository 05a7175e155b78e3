package org.jzenith.rest.it.filters;

import jakarta.annotation.security.DenyAll;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** Jakarta's security annotations: the class's rule, and methods that override it. */
@Path("/guarded")
@Produces(MediaType.TEXT_PLAIN)
@RolesAllowed("admin")
public class GuardedResource {

    @GET
    @Path("/admin")
    public String admin() {
        return "admin only";
    }

    @GET
    @Path("/edit")
    @RolesAllowed({"editor", "admin"})
    public String edit() {
        return "editors too";
    }

    @GET
    @Path("/everyone")
    @PermitAll
    public String everyone() {
        return "anyone with a key";
    }

    @GET
    @Path("/never")
    @DenyAll
    public String never() {
        return "no one";
    }
}
