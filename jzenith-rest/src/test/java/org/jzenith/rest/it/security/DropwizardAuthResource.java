package org.jzenith.rest.it.security;

import io.dropwizard.auth.Auth;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import java.security.Principal;
import java.util.Optional;

/** Written as Dropwizard's examples take the caller: an {@code @Auth} principal parameter. */
@Path("/dropwizard")
public class DropwizardAuthResource {

    @GET
    @Path("/me")
    public String me(@Auth final Principal user) {
        return user.getName();
    }

    @GET
    @Path("/maybe")
    public String maybe(@Auth final Optional<Principal> user) {
        return user.map(Principal::getName).orElse("anonymous");
    }

    @GET
    @Path("/writers")
    @RolesAllowed("writer")
    public String writers(@Auth final Principal user) {
        return user.getName() + " writes";
    }
}
