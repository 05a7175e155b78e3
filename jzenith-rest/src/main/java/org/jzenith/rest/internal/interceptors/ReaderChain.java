package org.jzenith.rest.internal.interceptors;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.util.List;
import java.util.function.Function;

/**
 * Reads a request body through the reader interceptors of a method, then through {@code read}
 * (the message body reader or jZenith's own): each interceptor may wrap the input stream (to
 * decompress, say), change the headers and the media type, and calls {@code proceed}. Not
 * thread-safe: one per request.
 */
public final class ReaderChain extends InterceptorContextBase implements ReaderInterceptorContext {

    private final List<ReaderInterceptor> interceptors;
    private final Function<byte[], Object> read;
    private final MultivaluedMap<String, String> headers;
    private InputStream in;
    private int next;

    private ReaderChain(
            final List<ReaderInterceptor> interceptors,
            final Class<?> type,
            final Type genericType,
            final MediaType mediaType,
            final MultivaluedMap<String, String> headers,
            final InputStream in,
            final Function<byte[], Object> read) {
        super(type, genericType, mediaType);
        this.interceptors = interceptors;
        this.headers = headers;
        this.in = in;
        this.read = read;
    }

    /**
     * The entity read through {@code interceptors}.
     *
     * @param read the entity of the (intercepted) body's bytes, without interceptors
     */
    public static Object read(
            final List<ReaderInterceptor> interceptors,
            final Class<?> type,
            final Type genericType,
            final MediaType mediaType,
            final MultivaluedMap<String, String> headers,
            final InputStream body,
            final Function<byte[], Object> read)
            throws IOException {
        return new ReaderChain(interceptors, type, genericType, mediaType, headers, body, read).proceed();
    }

    @Override
    public Object proceed() throws IOException {
        if (next < interceptors.size()) {
            return interceptors.get(next++).aroundReadFrom(this);
        }
        return read.apply(in.readAllBytes());
    }

    @Override
    public InputStream getInputStream() {
        return in;
    }

    @Override
    public void setInputStream(final InputStream stream) {
        in = stream;
    }

    @Override
    public MultivaluedMap<String, String> getHeaders() {
        return headers;
    }
}
