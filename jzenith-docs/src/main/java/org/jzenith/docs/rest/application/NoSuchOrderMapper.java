package org.jzenith.docs.rest.application;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/** A provider that an existing Application lists in getClasses(). */
public final class NoSuchOrderMapper implements ExceptionMapper<NoSuchOrderException> {

    @Override
    public Response toResponse(final NoSuchOrderException exception) {
        return Response.status(404).entity(exception.getMessage()).build();
    }
}
