package org.jzenith.rest.internal.binding;

import com.fasterxml.jackson.core.JacksonException;
import com.google.inject.TypeLiteral;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.core.EntityPart;
import jakarta.ws.rs.core.GenericType;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jzenith.rest.internal.bodies.MessageBodies;
import org.jzenith.rest.internal.json.JsonCodec;

/**
 * One part of a multipart request: a text field, or a file Vert.x Web wrote to disk. Its content
 * is read when asked, as text, bytes, a stream, or JSON for other types. Immutable; its stream is
 * a new one each time.
 */
final class ReceivedPart implements EntityPart {

    private final String name;
    private final Optional<String> fileName;
    private final MediaType mediaType;
    private final Optional<Path> file;
    private final String text;
    private final Map<String, List<String>> headers;
    private final JsonCodec json;
    /** The application's readers, asked before JSON for a part read as an object. */
    private final MessageBodies bodies;

    private ReceivedPart(
            final String name,
            final Optional<String> fileName,
            final MediaType mediaType,
            final Optional<Path> file,
            final String text,
            final Map<String, List<String>> headers,
            final JsonCodec json,
            final MessageBodies bodies) {
        this.bodies = bodies;
        this.name = name;
        this.fileName = fileName;
        this.mediaType = mediaType;
        this.file = file;
        this.text = text;
        this.headers = headers;
        this.json = json;
    }

    static ReceivedPart text(final String name, final String value, final JsonCodec json, final MessageBodies bodies) {
        return new ReceivedPart(
                name, Optional.empty(), MediaType.TEXT_PLAIN_TYPE, Optional.empty(), value, Map.of(), json, bodies);
    }

    static ReceivedPart file(
            final String name,
            final String fileName,
            final String contentType,
            final Path file,
            final Map<String, List<String>> headers,
            final JsonCodec json,
            final MessageBodies bodies) {
        MediaType type;
        try {
            type = contentType == null ? MediaType.APPLICATION_OCTET_STREAM_TYPE : MediaType.valueOf(contentType);
        } catch (final IllegalArgumentException e) {
            type = MediaType.APPLICATION_OCTET_STREAM_TYPE; // a client's odd header does not fail the upload
        }
        return new ReceivedPart(
                name, Optional.ofNullable(fileName), type, Optional.of(file), "", headers, json, bodies);
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public Optional<String> getFileName() {
        return fileName;
    }

    @Override
    public InputStream getContent() {
        if (file.isEmpty()) {
            return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
        }
        try {
            return Files.newInputStream(file.get());
        } catch (final IOException e) {
            throw new UncheckedIOException("The uploaded part " + name + " is gone", e);
        }
    }

    @Override
    public <T> T getContent(final Class<T> type) throws IOException {
        return type.cast(read(type));
    }

    @Override
    @SuppressWarnings("unchecked") // read returns an instance of the generic type asked for
    public <T> T getContent(final GenericType<T> type) throws IOException {
        return (T) read(type.getType());
    }

    @Override
    public MultivaluedMap<String, String> getHeaders() {
        final MultivaluedMap<String, String> copy = new MultivaluedHashMap<>();
        headers.forEach(copy::addAll);
        copy.putSingle("Content-Type", mediaType.toString());
        return copy;
    }

    @Override
    public MediaType getMediaType() {
        return mediaType;
    }

    private Object read(final java.lang.reflect.Type type) throws IOException {
        if (type == InputStream.class) {
            return getContent();
        }
        try (InputStream in = getContent()) {
            if (type == String.class) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } else if (type == byte[].class) {
                return in.readAllBytes();
            }
            final Class<?> raw = TypeLiteral.get(type).getRawType();
            if (bodies.hasReaders() && bodies.reads(raw, type, List.of(mediaType))) {
                try {
                    return bodies.read(raw, type, mediaType, getHeaders(), in.readAllBytes())
                            .orElse(null);
                } catch (final UncheckedIOException e) {
                    throw new BadRequestException("The part \"" + name + "\" cannot be read as its "
                            + mediaType.getType() + "/" + mediaType.getSubtype() + " says");
                }
            }
            if (!readsAsJson(mediaType)) {
                // Not the server's fault: the client sent a type nothing here reads, so a 415 naming the part.
                throw new NotSupportedException("The part \"" + name + "\" is " + mediaType.getType() + "/"
                        + mediaType.getSubtype() + ", which this endpoint cannot read; send it as application/json");
            }
            try {
                return json.mapper()
                        .readerFor(json.mapper().constructType(type))
                        .readValue(in);
            } catch (final JacksonException e) {
                throw new BadRequestException("The part \"" + name + "\" is not the JSON this endpoint reads");
            }
        }
    }

    /** JSON, a {@code +json} type, or a text field (a form field's value, such as {@code 42}, is JSON too). */
    private static boolean readsAsJson(final MediaType type) {
        return type.isCompatible(MediaType.APPLICATION_JSON_TYPE)
                || type.getSubtype().endsWith("+json")
                || type.isCompatible(MediaType.TEXT_PLAIN_TYPE);
    }
}
