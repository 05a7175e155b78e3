package org.jzenith.rest.it.matrix;

import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.MatrixParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.PathSegment;
import java.util.List;
import java.util.stream.Collectors;

/** Matrix parameters and path segments, as the Jakarta tutorial's car example uses them. */
@Path("/cars")
@Produces(MediaType.TEXT_PLAIN)
public class CarResource {

    @GET
    @Path("/{make}")
    public String make(
            @PathParam("make") final PathSegment make,
            @MatrixParam("color") @DefaultValue("any colour") final String color) {
        return make.getPath() + ", " + color + ", year "
                + make.getMatrixParameters().getFirst("year");
    }

    @GET
    @Path("/files/{path: .+}")
    public String files(@PathParam("path") final List<PathSegment> path) {
        return path.stream().map(PathSegment::getPath).collect(Collectors.joining("|"));
    }
}
