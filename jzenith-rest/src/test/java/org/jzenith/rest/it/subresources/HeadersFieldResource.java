package org.jzenith.rest.it.subresources;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;

/** A per-request context in a field of a resource that serves every request: refused. */
@Path("/headers-field")
public class HeadersFieldResource {

    @Context
    HttpHeaders headers;

    @GET
    public String get() {
        return headers.getHeaderString("Accept");
    }
}
