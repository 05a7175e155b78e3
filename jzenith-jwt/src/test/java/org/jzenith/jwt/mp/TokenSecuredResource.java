package org.jzenith.jwt.mp;

import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.InternalServerErrorException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import org.eclipse.microprofile.jwt.Claim;
import org.eclipse.microprofile.jwt.Claims;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Written as the Quarkus security-jwt quickstart writes its resource: request-scoped, the token and a
 * raw claim injected into fields, the caller's name compared with the token's.
 */
@Path("/secured")
@RequestScoped
public class TokenSecuredResource {

    // tag::fields[]
    @Inject
    JsonWebToken jwt;

    @Inject
    @Claim(standard = Claims.birthdate)
    String birthdate; // a raw value: the object is made per request
    // end::fields[]

    @GET
    @Path("permit-all")
    @PermitAll
    @Produces(MediaType.TEXT_PLAIN)
    public String hello(@Context final SecurityContext ctx) {
        return describe(ctx);
    }

    @GET
    @Path("roles-allowed")
    @RolesAllowed({"User", "Admin"})
    @Produces(MediaType.TEXT_PLAIN)
    public String helloRolesAllowed(@Context final SecurityContext ctx) {
        return describe(ctx) + ", birthdate: " + jwt.getClaim("birthdate").toString();
    }

    @GET
    @Path("roles-allowed-admin")
    @RolesAllowed("Admin")
    @Produces(MediaType.TEXT_PLAIN)
    public String helloRolesAllowedAdmin(@Context final SecurityContext ctx) {
        return describe(ctx) + ", birthdate: " + birthdate;
    }

    private String describe(final SecurityContext ctx) {
        final String name;
        if (ctx.getUserPrincipal() == null) {
            name = "anonymous";
        } else if (!ctx.getUserPrincipal().getName().equals(jwt.getName())) {
            throw new InternalServerErrorException("Principal and JsonWebToken names do not match");
        } else {
            name = ctx.getUserPrincipal().getName();
        }
        return "hello " + name + ", isHttps: " + ctx.isSecure() + ", authScheme: " + ctx.getAuthenticationScheme()
                + ", hasJWT: " + hasJwt();
    }

    // tag::hasJwt[]
    private boolean hasJwt() {
        return jwt.getClaimNames() != null; // null without a token
    }
    // end::hasJwt[]
}
