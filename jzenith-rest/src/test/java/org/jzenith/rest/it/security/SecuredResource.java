package org.jzenith.rest.it.security;

import jakarta.annotation.security.DenyAll;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

/** Methods for each access rule, answering who the request's user is. */
@Path("/secured")
@Produces(MediaType.TEXT_PLAIN)
public class SecuredResource {

    @GET
    @Path("/readers")
    @RolesAllowed("reader")
    public String readers(@Context final SecurityContext security) {
        return describe(security);
    }

    @GET
    @Path("/open")
    @PermitAll
    public String open(@Context final SecurityContext security) {
        return describe(security);
    }

    @GET
    @Path("/plain")
    public String plain(@Context final SecurityContext security) {
        return describe(security);
    }

    @GET
    @Path("/never")
    @DenyAll
    public String never() {
        return "no one";
    }

    private static String describe(final SecurityContext security) {
        if (security.getUserPrincipal() == null) {
            return "anonymous";
        }
        return security.getUserPrincipal().getName() + " via " + security.getAuthenticationScheme() + ", writer: "
                + security.isUserInRole("writer");
    }
}
