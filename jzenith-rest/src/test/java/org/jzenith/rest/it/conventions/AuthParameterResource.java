package org.jzenith.rest.it.conventions;

import io.dropwizard.auth.Auth;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import java.security.Principal;

/** Dropwizard's way to take the caller, which jZenith refuses rather than read the body into it. */
@Path("/me")
public class AuthParameterResource {

    @GET
    public String me(@Auth final Principal user) {
        return user.getName();
    }
}
