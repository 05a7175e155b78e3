package org.jzenith.rest.internal.bodies;

import io.vertx.core.buffer.Buffer;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.MessageBodyWriter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jzenith.rest.internal.filters.HeaderMap;
import org.jzenith.rest.internal.json.BufferOutputStream;
import org.jzenith.rest.internal.model.MediaTypes;

/**
 * The application's {@link MessageBodyReader}s and {@link MessageBodyWriter}s, asked in
 * registration order before jZenith's own JSON and text handling: the first that says it can read
 * (or write) a type in a media type does. Immutable and thread-safe.
 */
public final class MessageBodies {

    private static final MessageBodies NONE = new MessageBodies(List.of(), List.of());
    private static final Annotation[] NO_ANNOTATIONS = {};

    private final List<MessageBodyReader<?>> readers;
    private final List<MessageBodyWriter<?>> writers;
    /** Each writer's {@code @Produces} types, read once; {@code *}{@code /*} where it declares none. */
    private final List<List<MediaType>> writerTypes;

    private MessageBodies(final List<MessageBodyReader<?>> readers, final List<MessageBodyWriter<?>> writers) {
        this.readers = List.copyOf(readers);
        this.writers = List.copyOf(writers);
        this.writerTypes = this.writers.stream()
                .map(writer -> Optional.ofNullable(writer.getClass().getAnnotation(Produces.class))
                        .map(produces -> Arrays.stream(produces.value())
                                .flatMap(value -> Arrays.stream(value.split(",")))
                                .map(String::trim)
                                .map(MediaTypes::parse)
                                .toList())
                        .orElse(List.of(MediaType.WILDCARD_TYPE)))
                .toList();
    }

    /**
     * A concrete media type within {@code range} in which some writer writes {@code type}: the
     * range itself when concrete, else the first of a writer's {@code @Produces} types inside it.
     * Asked where a method without {@code @Produces} negotiates what it answers.
     */
    public Optional<MediaType> writableAs(final Class<?> type, final Type genericType, final MediaType range) {
        for (int i = 0; i < writers.size(); i++) {
            for (final MediaType declared : writerTypes.get(i)) {
                if (!declared.isCompatible(range)) {
                    continue;
                }
                final MediaType concrete = concrete(range) ? range : declared;
                if (concrete(concrete) && writers.get(i).isWriteable(type, genericType, NO_ANNOTATIONS, concrete)) {
                    return Optional.of(concrete);
                }
            }
        }
        return Optional.empty();
    }

    private static boolean concrete(final MediaType type) {
        return !type.isWildcardType() && !type.isWildcardSubtype();
    }

    public static MessageBodies none() {
        return NONE;
    }

    /** The readers and writers among {@code providers}. */
    public static MessageBodies of(final List<?> providers) {
        final List<MessageBodyReader<?>> readers = providers.stream()
                .filter(MessageBodyReader.class::isInstance)
                .<MessageBodyReader<?>>map(MessageBodyReader.class::cast)
                .toList();
        final List<MessageBodyWriter<?>> writers = providers.stream()
                .filter(MessageBodyWriter.class::isInstance)
                .<MessageBodyWriter<?>>map(MessageBodyWriter.class::cast)
                .toList();
        return readers.isEmpty() && writers.isEmpty() ? NONE : new MessageBodies(readers, writers);
    }

    public boolean hasReaders() {
        return !readers.isEmpty();
    }

    public boolean hasWriters() {
        return !writers.isEmpty();
    }

    /** Whether some reader reads {@code type} in one of {@code mediaTypes}; asked at start-up. */
    public boolean reads(final Class<?> type, final Type genericType, final List<MediaType> mediaTypes) {
        return mediaTypes.stream()
                .anyMatch(mediaType -> reader(type, genericType, mediaType).isPresent());
    }

    /**
     * Reads {@code body} as {@code type} with the first reader for {@code mediaType}, if there is one.
     *
     * @throws UncheckedIOException when the reader fails to read it
     */
    public Optional<Object> read(
            final Class<?> type,
            final Type genericType,
            final MediaType mediaType,
            final Map<String, List<String>> headers,
            final byte[] body) {
        final Optional<MessageBodyReader<Object>> reader = reader(type, genericType, mediaType);
        if (reader.isEmpty()) {
            return Optional.empty();
        }
        final MultivaluedMap<String, String> copy = HeaderMap.ofStrings();
        headers.forEach(copy::addAll);
        try {
            @SuppressWarnings("unchecked") // the reader said it reads this type
            final Class<Object> raw = (Class<Object>) type;
            return Optional.ofNullable(reader.get()
                    .readFrom(raw, genericType, NO_ANNOTATIONS, mediaType, copy, new ByteArrayInputStream(body)));
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes {@code value} with the first writer for its class in {@code mediaType}, if there is
     * one; the headers the writer adds are given to {@code headers}.
     *
     * @throws UncheckedIOException when the writer fails
     */
    public Optional<Buffer> write(
            final Object value,
            final Type genericType,
            final MediaType mediaType,
            final MultivaluedMap<String, Object> headers) {
        for (final MessageBodyWriter<?> candidate : writers) {
            if (candidate.isWriteable(value.getClass(), genericType, NO_ANNOTATIONS, mediaType)) {
                @SuppressWarnings("unchecked") // it said it writes this class
                final MessageBodyWriter<Object> writer = (MessageBodyWriter<Object>) candidate;
                final BufferOutputStream out = new BufferOutputStream();
                try {
                    writer.writeTo(value, value.getClass(), genericType, NO_ANNOTATIONS, mediaType, headers, out);
                } catch (final IOException e) {
                    throw new UncheckedIOException(e);
                }
                return Optional.of(out.buffer());
            }
        }
        return Optional.empty();
    }

    @SuppressWarnings("unchecked") // it said it reads this type
    private Optional<MessageBodyReader<Object>> reader(
            final Class<?> type, final Type genericType, final MediaType mediaType) {
        return readers.stream()
                .filter(reader -> reader.isReadable(type, genericType, NO_ANNOTATIONS, mediaType))
                .findFirst()
                .map(reader -> (MessageBodyReader<Object>) reader);
    }
}
