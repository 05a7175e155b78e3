package org.jzenith.rest.it.application;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

@Provider
public class NoSuchOrderMapper implements ExceptionMapper<NoSuchOrderException> {

    @Override
    public Response toResponse(final NoSuchOrderException exception) {
        return Response.status(404).entity("\"" + exception.getMessage() + "\"").build();
    }
}
