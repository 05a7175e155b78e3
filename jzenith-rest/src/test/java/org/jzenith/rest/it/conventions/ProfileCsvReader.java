package org.jzenith.rest.it.conventions;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;

/** Reads a profile from one CSV line, "name,age": the application's own reader. */
@Consumes("text/csv")
public class ProfileCsvReader implements MessageBodyReader<AvatarResource.Profile> {

    @Override
    public boolean isReadable(
            final Class<?> type, final Type genericType, final Annotation[] annotations, final MediaType mediaType) {
        return type == AvatarResource.Profile.class && "csv".equals(mediaType.getSubtype());
    }

    @Override
    public AvatarResource.Profile readFrom(
            final Class<AvatarResource.Profile> type,
            final Type genericType,
            final Annotation[] annotations,
            final MediaType mediaType,
            final MultivaluedMap<String, String> headers,
            final InputStream in)
            throws IOException {
        final String[] fields =
                new String(in.readAllBytes(), StandardCharsets.UTF_8).trim().split(",");
        return new AvatarResource.Profile(fields[0], Integer.parseInt(fields[1]));
    }
}
