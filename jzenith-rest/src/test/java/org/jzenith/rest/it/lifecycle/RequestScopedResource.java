package org.jzenith.rest.it.lifecycle;

import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

/** Counts the requests one object of it served, as a resource with request state in a field would. */
@Path("/requestScoped")
@RequestScoped
public class RequestScopedResource {

    private int served;

    @GET
    public String served() {
        served++;
        return String.valueOf(served);
    }
}
