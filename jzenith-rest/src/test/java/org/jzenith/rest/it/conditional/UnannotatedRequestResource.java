package org.jzenith.rest.it.conditional;

import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Request;

/** Forgot @Context: the Request would be read as the body. */
@Path("/forgot")
public class UnannotatedRequestResource {

    @POST
    public String post(final Request request) {
        return request.getMethod();
    }
}
