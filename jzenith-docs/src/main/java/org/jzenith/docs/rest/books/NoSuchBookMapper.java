package org.jzenith.docs.rest.books;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/** docs/rest.md, "Providers": an ExceptionMapper registered by name, made by Guice. */
public final class NoSuchBookMapper implements ExceptionMapper<NoSuchBookException> {

    @Override
    public Response toResponse(final NoSuchBookException exception) {
        return Response.status(404).entity(exception.getMessage()).build();
    }
}
