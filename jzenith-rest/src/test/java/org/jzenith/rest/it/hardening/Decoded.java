package org.jzenith.rest.it.hardening;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.MatrixParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** Answers the decoded parameter it was given, one endpoint per place a parameter can come from. */
@Path("/decoded")
@Produces(MediaType.TEXT_PLAIN)
public class Decoded {

    @GET
    @Path("/query")
    public String query(@QueryParam("a") final String a) {
        return "a=" + a;
    }

    @GET
    @Path("/path/{id}")
    public String path(@PathParam("id") final String id) {
        return "id=" + id;
    }

    @GET
    @Path("/matrix")
    public String matrix(@MatrixParam("m") final String m) {
        return "m=" + m;
    }

    @GET
    @Path("/header")
    public String header(@HeaderParam("X-Value") final String value) {
        return "x=" + value;
    }

    @POST
    @Path("/form")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public String form(@FormParam("f") final String f) {
        return "f=" + f;
    }
}
