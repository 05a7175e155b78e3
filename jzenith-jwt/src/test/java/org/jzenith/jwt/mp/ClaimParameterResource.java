package org.jzenith.jwt.mp;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.jwt.Claim;

/** A claim on a method's parameter: not bound yet, so start-up refuses it rather than read the body. */
@Path("/claim-parameter")
public class ClaimParameterResource {

    @GET
    public String email(@Claim("email") final String email) {
        return email;
    }
}
