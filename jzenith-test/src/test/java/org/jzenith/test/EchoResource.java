package org.jzenith.test;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.util.Map;

@Path("/echo")
public class EchoResource {

    @GET
    @Path("/{word}")
    public Map<String, String> echo(@PathParam("word") final String word) {
        return Map.of("word", word);
    }

    @POST
    public Map<String, Object> post(final Map<String, Object> body) {
        return body;
    }
}
