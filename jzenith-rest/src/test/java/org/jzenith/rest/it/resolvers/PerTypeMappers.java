package org.jzenith.rest.it.resolvers;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import jakarta.ws.rs.ext.ContextResolver;

/** A mapper for one type only, as Jersey's json-jackson example resolves one per bean class. */
public class PerTypeMappers implements ContextResolver<ObjectMapper> {

    private final ObjectMapper snake =
            new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    @Override
    public ObjectMapper getContext(final Class<?> type) {
        return type == Names.Snake.class ? snake : null;
    }
}
