package org.jzenith.jwt.basic;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

@Path("/basic")
@Produces(MediaType.TEXT_PLAIN)
public class BasicResource {

    @GET
    @Path("/admin")
    @RolesAllowed("admin")
    public String admin(@Context final SecurityContext security) {
        return security.getUserPrincipal().getName() + " via " + security.getAuthenticationScheme() + ", user: "
                + security.isUserInRole("user");
    }

    @GET
    @Path("/open")
    public String open(@Context final SecurityContext security) {
        return security.getUserPrincipal() == null
                ? "anonymous"
                : security.getUserPrincipal().getName();
    }
}
