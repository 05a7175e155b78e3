package org.jzenith.rest.it.application;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** A singleton the application makes itself, with a constructor Guice could not call. */
@Path("ping")
@Produces(MediaType.TEXT_PLAIN)
public class PingResource {

    private final String answer;

    public PingResource(final String answer) {
        this.answer = answer;
    }

    @GET
    public String ping() {
        return answer;
    }
}
