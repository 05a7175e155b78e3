package org.jzenith.rest.it.providers;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/** Maps a superclass: subclasses without a mapper of their own come here; it fails for one message. */
public class IllegalArgumentMapper implements ExceptionMapper<IllegalArgumentException> {

    @Override
    public Response toResponse(final IllegalArgumentException exception) {
        if (exception.getMessage().equals("mapper bug")) {
            throw new IllegalStateException("the mapper itself fails");
        }
        return Response.status(422).entity("\"" + exception.getMessage() + "\"").build();
    }
}
