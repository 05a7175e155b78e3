package org.jzenith.rest.it.filters;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

/** Needs a role, on a path the API-key filter lets through without a key: no one is authenticated. */
@Path("/open/guarded")
public class OpenGuardedResource {

    @GET
    @RolesAllowed("admin")
    public String get() {
        return "admin only";
    }
}
