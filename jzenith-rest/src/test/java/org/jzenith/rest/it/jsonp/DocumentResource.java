package org.jzenith.rest.it.jsonp;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonStructure;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** Written as Jersey's json-processing example writes its resource: JSON-P in, JSON-P out. */
@Path("/documents")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class DocumentResource {

    @POST
    public JsonObject store(final JsonObject document) {
        return Json.createObjectBuilder(document).add("stored", true).build();
    }

    @POST
    @Path("/count")
    public JsonObject count(final JsonArray documents) {
        return Json.createObjectBuilder().add("count", documents.size()).build();
    }

    @POST
    @Path("/kind")
    public String kind(final JsonStructure structure) {
        return structure.getValueType().name();
    }

    @GET
    public JsonArray list() {
        return Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("id", 1).add("title", "Ulysses"))
                .add(Json.createObjectBuilder().add("id", 2).add("title", "Dubliners"))
                .build();
    }
}
