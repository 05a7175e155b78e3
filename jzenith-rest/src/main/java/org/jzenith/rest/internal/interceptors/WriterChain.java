package org.jzenith.rest.internal.interceptors;

import io.vertx.core.buffer.Buffer;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.BiFunction;
import org.jzenith.rest.internal.json.BufferOutputStream;

/**
 * Writes an entity through the writer interceptors of a response, then through {@code write} (the
 * message body writer or jZenith's own), into a buffer: each interceptor may change the entity,
 * its media type, the headers, and wrap the output stream (to compress, say), and calls {@code
 * proceed}. The stream the body went to is closed at the end, so that a wrapping stream writes its
 * trailer. Not thread-safe: one per response.
 */
public final class WriterChain extends InterceptorContextBase implements WriterInterceptorContext {

    private final List<WriterInterceptor> interceptors;
    private final BiFunction<Object, MediaType, Buffer> write;
    private final MultivaluedMap<String, Object> headers = new MultivaluedHashMap<>();
    private final BufferOutputStream buffer = new BufferOutputStream();
    private OutputStream out = buffer;
    private Object entity;
    private int next;

    private WriterChain(
            final List<WriterInterceptor> interceptors,
            final Object entity,
            final MediaType mediaType,
            final BiFunction<Object, MediaType, Buffer> write) {
        super(entity.getClass(), entity.getClass(), mediaType);
        this.interceptors = interceptors;
        this.entity = entity;
        this.write = write;
    }

    /**
     * The body of {@code entity} after {@code interceptors}, and the headers they added.
     *
     * @param write the body of an entity in a media type, without interceptors
     * @throws UncheckedIOException when an interceptor or the writer fails to write
     */
    public static Written write(
            final List<WriterInterceptor> interceptors,
            final Object entity,
            final MediaType mediaType,
            final BiFunction<Object, MediaType, Buffer> write) {
        final WriterChain chain = new WriterChain(interceptors, entity, mediaType, write);
        try {
            chain.proceed();
            chain.out.close();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Written(chain.buffer.buffer(), chain.headers, chain.getMediaType());
    }

    /**
     * A body written through interceptors.
     *
     * @param body the bytes
     * @param headers the headers the interceptors added
     * @param mediaType the media type they left
     */
    public record Written(Buffer body, MultivaluedMap<String, Object> headers, MediaType mediaType) {}

    @Override
    public void proceed() throws IOException {
        if (next < interceptors.size()) {
            interceptors.get(next++).aroundWriteTo(this);
        } else {
            final Buffer body = write.apply(entity, getMediaType());
            out.write(body.getBytes());
        }
    }

    @Override
    public Object getEntity() {
        return entity;
    }

    @Override
    public void setEntity(final Object entity) {
        this.entity = entity;
    }

    @Override
    public OutputStream getOutputStream() {
        return out;
    }

    @Override
    public void setOutputStream(final OutputStream stream) {
        out = stream;
    }

    @Override
    public MultivaluedMap<String, Object> getHeaders() {
        return headers;
    }
}
