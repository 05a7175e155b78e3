package org.jzenith.jwt.mp;

import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.jwt.Claim;

/** A claim in a bean parameter: refused at start-up, with where to put it instead. */
@Path("/bean-claim")
public class BeanClaimResource {

    /** The bean. */
    public static class Caller {
        @Claim("email")
        String email;
    }

    @GET
    public String email(@BeanParam final Caller caller) {
        return caller.email;
    }
}
