package org.jzenith.rest.it.lifecycle;

import jakarta.enterprise.context.SessionScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import java.io.Serializable;

/** A CDI scope jZenith has nothing for. */
@Path("/session")
@SessionScoped
public class SessionScopedResource implements Serializable {

    private static final long serialVersionUID = 1L;

    @GET
    public String get() {
        return "never";
    }
}
