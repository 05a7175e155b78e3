package org.jzenith.jwt.mp;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.jwt.Claim;

/** A claim as a plain value in a singleton: it would be the first caller's, so start-up refuses it. */
@Path("/raw")
@Singleton
public class RawClaimResource {

    @Inject
    @Claim("email")
    String email;

    @GET
    public String email() {
        return email;
    }
}
