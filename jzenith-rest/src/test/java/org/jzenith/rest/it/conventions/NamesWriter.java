package org.jzenith.rest.it.conventions;

import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Writes a list of strings as text, one a line, as an application's own writer would. */
@Produces(MediaType.TEXT_PLAIN)
public class NamesWriter implements MessageBodyWriter<List<String>> {

    @Override
    public boolean isWriteable(
            final Class<?> type, final Type genericType, final Annotation[] annotations, final MediaType mediaType) {
        return List.class.isAssignableFrom(type)
                && genericType instanceof ParameterizedType parameterized
                && parameterized.getActualTypeArguments()[0] == String.class
                && mediaType.isCompatible(MediaType.TEXT_PLAIN_TYPE);
    }

    @Override
    public void writeTo(
            final List<String> names,
            final Class<?> type,
            final Type genericType,
            final Annotation[] annotations,
            final MediaType mediaType,
            final MultivaluedMap<String, Object> headers,
            final OutputStream out)
            throws IOException {
        out.write(String.join("\n", names).getBytes(StandardCharsets.UTF_8));
    }
}
