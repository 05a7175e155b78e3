package org.jzenith.rest.it.bodies;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.MessageBodyWriter;
import jakarta.ws.rs.ext.Provider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Written as Jersey applications write a body provider for a format of their own. */
@Provider
@Produces("text/csv")
@Consumes("text/csv")
public class CsvProvider implements MessageBodyReader<Person>, MessageBodyWriter<List<Person>> {

    private static final MediaType CSV = new MediaType("text", "csv");

    @Override
    public boolean isReadable(
            final Class<?> type, final Type genericType, final Annotation[] annotations, final MediaType mediaType) {
        return type == Person.class && CSV.isCompatible(mediaType);
    }

    @Override
    public Person readFrom(
            final Class<Person> type,
            final Type genericType,
            final Annotation[] annotations,
            final MediaType mediaType,
            final MultivaluedMap<String, String> headers,
            final InputStream body)
            throws IOException {
        final String[] fields =
                new String(body.readAllBytes(), StandardCharsets.UTF_8).trim().split(",");
        if (fields.length != 2) {
            throw new IOException("expected name,age");
        }
        return new Person(fields[0], Integer.parseInt(fields[1].trim()));
    }

    @Override
    public boolean isWriteable(
            final Class<?> type, final Type genericType, final Annotation[] annotations, final MediaType mediaType) {
        return List.class.isAssignableFrom(type) && CSV.isCompatible(mediaType);
    }

    @Override
    public void writeTo(
            final List<Person> people,
            final Class<?> type,
            final Type genericType,
            final Annotation[] annotations,
            final MediaType mediaType,
            final MultivaluedMap<String, Object> headers,
            final OutputStream out)
            throws IOException {
        headers.add("X-Rows", people.size());
        for (final Person person : people) {
            out.write((person.name() + "," + person.age() + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }
}
