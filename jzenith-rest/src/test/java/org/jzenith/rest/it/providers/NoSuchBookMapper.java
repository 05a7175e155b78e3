package org.jzenith.rest.it.providers;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;

/** Written as Jersey applications write mappers: @Provider, one public constructor taking a service. */
@Provider
public class NoSuchBookMapper implements ExceptionMapper<NoSuchBookException> {

    private final Catalogue catalogue;

    public NoSuchBookMapper(final Catalogue catalogue) {
        this.catalogue = catalogue;
    }

    @Override
    public Response toResponse(final NoSuchBookException exception) {
        return Response.status(Response.Status.NOT_FOUND)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header("X-Catalogue", catalogue.name())
                .entity(Map.of("error", exception.getMessage()))
                .build();
    }
}
