package org.jzenith.rest.it.providers;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/** A second mapper for a type that has one: Jakarta REST leaves the choice open, jZenith refuses it. */
public class SecondNoSuchBookMapper implements ExceptionMapper<NoSuchBookException> {

    @Override
    public Response toResponse(final NoSuchBookException exception) {
        return Response.status(410).build();
    }
}
