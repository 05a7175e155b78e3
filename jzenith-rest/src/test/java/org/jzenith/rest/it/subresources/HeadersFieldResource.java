package org.jzenith.rest.it.subresources;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;

/** Per-request contexts in fields, as Jersey resources often hold them. */
@Path("/fields")
public class HeadersFieldResource {

    @Context
    HttpHeaders headers;

    @Context
    UriInfo uriInfo;

    @Context
    Request request;

    @Context
    SecurityContext security;

    @GET
    public String get() {
        return request.getMethod() + " " + uriInfo.getPath() + " " + headers.getHeaderString("X-Caller") + " "
                + security.isSecure();
    }

    @POST
    public Response create() {
        return Response.created(uriInfo.getAbsolutePathBuilder().path("42").build())
                .build();
    }
}
