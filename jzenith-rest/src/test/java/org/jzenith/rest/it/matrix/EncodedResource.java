package org.jzenith.rest.it.matrix;

import jakarta.ws.rs.Encoded;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.MatrixParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** @Encoded on parameters and on a method: values as the client sent them. */
@Path("/encoded")
@Produces(MediaType.TEXT_PLAIN)
public class EncodedResource {

    @GET
    @Path("/{name}")
    public String parameters(
            @Encoded @PathParam("name") final String name,
            @Encoded @QueryParam("q") final String query,
            @QueryParam("d") final String decoded) {
        return name + " " + query + " " + decoded;
    }

    @GET
    @Path("/method/{name}")
    @Encoded
    public String method(@PathParam("name") final String name, @MatrixParam("m") final String matrix) {
        return name + " " + matrix;
    }
}
