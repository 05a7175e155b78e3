package org.jzenith.rest.it.interceptors;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

@Path("/notes")
@Produces(MediaType.APPLICATION_JSON)
public class NoteResource {

    /** A note. */
    public record Note(String text) {}

    @GET
    @Compress
    public Note compressed() {
        return new Note("x".repeat(2000));
    }

    @GET
    @Path("/plain")
    public Note plain() {
        return new Note("short");
    }

    @POST
    public Map<String, Integer> length(final Note note) {
        return Map.of("length", note.text().length());
    }
}
