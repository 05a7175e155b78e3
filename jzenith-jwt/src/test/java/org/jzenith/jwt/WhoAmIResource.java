package org.jzenith.jwt;

import jakarta.annotation.security.DenyAll;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

/** Answers who the request's user is, behind each access rule. */
@Path("/whoami")
@Produces(MediaType.TEXT_PLAIN)
public class WhoAmIResource {

    @GET
    @RolesAllowed("reader")
    public String readers(@Context final SecurityContext security) {
        final JwtPrincipal user = (JwtPrincipal) security.getUserPrincipal();
        return user.getName() + " writer=" + security.isUserInRole("writer") + " scheme="
                + security.getAuthenticationScheme() + " email="
                + user.claim("email").orElse("none");
    }

    @GET
    @Path("/open")
    @PermitAll
    public String open(@Context final SecurityContext security) {
        return security.getUserPrincipal() == null
                ? "anonymous"
                : security.getUserPrincipal().getName();
    }

    @GET
    @Path("/never")
    @DenyAll
    public String never() {
        return "no one";
    }
}
