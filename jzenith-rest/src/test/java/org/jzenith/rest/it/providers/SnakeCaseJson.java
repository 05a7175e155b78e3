package org.jzenith.rest.it.providers;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;

/** The application's own JSON mapper, as Quarkus and Jersey applications customise it. */
@Provider
public class SnakeCaseJson implements ContextResolver<ObjectMapper> {

    private final ObjectMapper mapper =
            new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    @Override
    public ObjectMapper getContext(final Class<?> type) {
        return mapper;
    }
}
