package org.jzenith.jwt.mp;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.jwt.JsonWebToken;

/** The token injected through the constructor, as constructor-injection style code does. */
@Path("/constructor")
public class ConstructorTokenResource {

    private final JsonWebToken jwt;

    @Inject
    public ConstructorTokenResource(final JsonWebToken jwt) {
        this.jwt = jwt;
    }

    @GET
    public String name() {
        return String.valueOf(jwt.getName()) + " " + jwt.getGroups();
    }
}
