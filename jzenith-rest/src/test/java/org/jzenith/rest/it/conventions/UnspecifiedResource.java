package org.jzenith.rest.it.conventions;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.Variant;
import java.util.List;
import java.util.Map;

/** Methods without @Produces, which Jakarta REST says produce any type. */
@Path("/unspecified")
public class UnspecifiedResource {

    /** Something only JSON writes. */
    public record Planet(String name, int moons) {}

    @GET
    @Path("/greeting")
    public String greeting() {
        return "hello";
    }

    @GET
    @Path("/answer")
    public int answer() {
        return 42;
    }

    @GET
    @Path("/names")
    public List<String> names() {
        return List.of("Ada", "Grace");
    }

    @GET
    @Path("/planet")
    public Planet planet() {
        return new Planet("Mars", 2);
    }

    @GET
    @Path("/variant")
    public Response variant(@Context final Request request) {
        final Variant variant =
                request.selectVariant(Variant.mediaTypes(MediaType.TEXT_PLAIN_TYPE, MediaType.APPLICATION_JSON_TYPE)
                        .build());
        if (variant == null) {
            return Response.notAcceptable(List.of()).build();
        }
        final Object entity = variant.getMediaType().isCompatible(MediaType.TEXT_PLAIN_TYPE)
                ? "hi there"
                : Map.of("text", "hi there");
        return Response.ok(entity, variant).build();
    }
}
