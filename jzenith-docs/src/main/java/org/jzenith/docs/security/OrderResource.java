package org.jzenith.docs.security;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.SecurityContext;
import org.jzenith.jwt.JwtPrincipal;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/security.md, "JWT bearer tokens": a method that reads the token's claims. */
@Path("/orders")
public class OrderResource {

    // tag::me[]
    @GET @Path("/me") @RolesAllowed("customer")
    public String me(@Context final SecurityContext security) {
        final JwtPrincipal user = (JwtPrincipal) security.getUserPrincipal();
        return user.getName() + " " + user.claim("email").orElse("");
    }
    // end::me[]
}
// spotless:on
