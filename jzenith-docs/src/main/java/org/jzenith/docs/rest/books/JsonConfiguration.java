package org.jzenith.docs.rest.books;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import jakarta.ws.rs.ext.ContextResolver;

/** docs/rest.md, "Providers": the application's own ObjectMapper, as Jersey users register it. */
public final class JsonConfiguration implements ContextResolver<ObjectMapper> {

    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Override
    public ObjectMapper getContext(final Class<?> type) {
        return mapper;
    }
}
