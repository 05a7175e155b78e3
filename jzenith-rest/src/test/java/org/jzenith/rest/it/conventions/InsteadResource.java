package org.jzenith.rest.it.conventions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** What docs/rest.md's "Not supported" says to write instead of @CacheControl and JSON-P. */
@Path("/instead")
public class InsteadResource {

    @GET
    @Path("/cached")
    @Produces(MediaType.TEXT_PLAIN)
    public Response cached() {
        final CacheControl cache = new CacheControl();
        cache.setMaxAge(60);
        cache.setPrivate(true);
        return Response.ok("fresh for a minute").cacheControl(cache).build();
    }

    @POST
    @Path("/tree")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public JsonNode tree(final JsonNode body) {
        final ObjectNode answer = body.deepCopy();
        answer.put("seen", true);
        return answer;
    }
}
