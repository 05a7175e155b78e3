package org.jzenith.rest.it.conditional;

import jakarta.inject.Singleton;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.util.Date;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** Conditional GET and PUT, as the Jakarta REST tutorials write them. */
@Path("/document")
@Produces(MediaType.APPLICATION_JSON)
@Singleton // its state is shared by every request
public class DocumentResource {

    private static final Date MODIFIED = Date.from(Instant.parse("2026-11-20T10:00:00Z"));
    private final AtomicInteger version = new AtomicInteger(1);

    @GET
    public Response get(@Context final Request request) {
        final EntityTag tag = new EntityTag("v" + version.get());
        final Response.ResponseBuilder unchanged = request.evaluatePreconditions(MODIFIED, tag);
        if (unchanged != null) {
            return unchanged.build();
        }
        return Response.ok(Map.of("version", version.get()))
                .tag(tag)
                .lastModified(MODIFIED)
                .build();
    }

    @PUT
    public Response put(@Context final Request request, final Map<String, Object> body) {
        final Response.ResponseBuilder conflict = request.evaluatePreconditions(new EntityTag("v" + version.get()));
        if (conflict != null) {
            return conflict.build();
        }
        return Response.ok(Map.of("version", version.incrementAndGet())).build();
    }
}
