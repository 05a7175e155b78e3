package org.jzenith.rest.it.json;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.math.BigDecimal;
import java.util.List;

/** Echoes a body with a field of each scalar kind, to show how each is read. */
@Path("/scalars")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class ScalarsResource {

    public enum Colour {
        RED,
        GREEN
    }

    public record Inner(String label) {}

    public record Scalars(
            String text,
            Integer whole,
            Long big,
            Double real,
            BigDecimal amount,
            Boolean flag,
            Colour colour,
            List<Inner> inners) {}

    @POST
    public Scalars echo(final Scalars scalars) {
        return scalars;
    }
}
