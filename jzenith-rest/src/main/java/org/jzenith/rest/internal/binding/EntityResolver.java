package org.jzenith.rest.internal.binding;

import com.fasterxml.jackson.databind.ObjectReader;
import com.google.common.base.Utf8;
import com.google.inject.TypeLiteral;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RequestBody;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.ReaderInterceptor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jzenith.rest.internal.bodies.MessageBodies;
import org.jzenith.rest.internal.filters.HeaderMap;
import org.jzenith.rest.internal.interceptors.ReaderChain;
import org.jzenith.rest.internal.json.JsonCodec;
import org.jzenith.rest.internal.params.Binding;

/**
 * Reads the request body as the entity parameter: text for {@code String} and {@code Reader}
 * (UTF-8), bytes for {@code byte[]} and {@code InputStream}, the buffer for a Vert.x {@code
 * Buffer}, JSON for everything else. Malformed JSON is a
 * 400 that says where it broke.
 *
 * <p>Reading is in two steps: {@link #capture} takes the body off the request on the event loop,
 * and {@link EntityReader#read} turns it into the parameter's value on the thread the method runs
 * on, so that decoding a large body does not hold an event loop that other requests wait for.
 */
final class EntityResolver {

    private static final Binding NOT_UTF_8 = Binding.invalid("request body: not valid UTF-8");

    private EntityResolver() {}

    /** Takes the body, a Vert.x buffer (empty when there is none), off the request. */
    static ArgumentResolver capture() {
        return context -> Binding.value(body(context).orElse(EMPTY));
    }

    private static final Buffer EMPTY = Buffer.buffer(0);

    /**
     * Takes the body and the request's headers off the request, for a type a {@code
     * MessageBodyReader} reads: it is given the content type and headers.
     */
    static ArgumentResolver captureWithHeaders() {
        return context -> {
            final Map<String, List<String>> headers = new HashMap<>();
            context.request().headers().forEach(header -> headers.computeIfAbsent(
                            header.getKey(), name -> new ArrayList<>())
                    .add(header.getValue()));
            return Binding.value(new CapturedBody(body(context).orElse(EMPTY), headers));
        };
    }

    /** A body with the headers of its request. */
    record CapturedBody(Buffer body, Map<String, List<String>> headers) {

        Optional<String> contentType() {
            return headers.entrySet().stream()
                    .filter(header -> header.getKey().equalsIgnoreCase("Content-Type"))
                    .flatMap(header -> header.getValue().stream())
                    .findFirst();
        }
    }

    /**
     * The reader of a type the application's {@code MessageBodyReader}s read: the first for the
     * request's content type (else the first media type the method consumes) reads it, else jZenith's
     * own reader does.
     */
    static EntityReader withBodies(
            final Type type, final JsonCodec json, final MessageBodies bodies, final List<MediaType> consumes) {
        final EntityReader fallback = forType(type, json);
        final Class<?> raw = TypeLiteral.get(type).getRawType();
        final MediaType declared = consumes.isEmpty() ? MediaType.WILDCARD_TYPE : consumes.getFirst();
        return captured -> {
            final CapturedBody request = (CapturedBody) captured;
            final MediaType mediaType;
            try {
                mediaType = request.contentType().map(MediaType::valueOf).orElse(declared);
            } catch (final IllegalArgumentException e) {
                return Binding.invalid("request body: the Content-Type cannot be read");
            }
            final Optional<Object> value;
            try {
                value = bodies.read(
                        raw, type, mediaType, request.headers(), request.body().getBytes());
            } catch (final UncheckedIOException e) {
                return Binding.invalid(
                        "request body: cannot be read: " + e.getCause().getMessage());
            }
            return value.isPresent() ? Binding.value(value.get()) : fallback.read(request.body());
        };
    }

    /**
     * {@code inner} behind the method's reader interceptors: they get the body as a stream with the
     * request's headers and may wrap it; a body {@code inner} finds invalid stays a 400.
     *
     * @param innerTakesHeaders whether {@code inner} reads a body with headers (a message body
     *     reader's) rather than the bare buffer
     */
    static EntityReader intercepted(
            final EntityReader inner,
            final boolean innerTakesHeaders,
            final List<ReaderInterceptor> interceptors,
            final Type type,
            final List<MediaType> consumes) {
        final Class<?> raw = TypeLiteral.get(type).getRawType();
        final MediaType declared = consumes.isEmpty() ? MediaType.WILDCARD_TYPE : consumes.getFirst();
        return captured -> {
            final CapturedBody request = (CapturedBody) captured;
            final MultivaluedMap<String, String> headers = HeaderMap.ofStrings();
            request.headers().forEach(headers::addAll);
            final MediaType mediaType;
            try {
                mediaType = request.contentType().map(MediaType::valueOf).orElse(declared);
            } catch (final IllegalArgumentException e) {
                return Binding.invalid("request body: the Content-Type cannot be read");
            }
            final Binding[] outcome = new Binding[1];
            try {
                final Object value = ReaderChain.read(
                        interceptors,
                        raw,
                        type,
                        mediaType,
                        headers,
                        new ByteArrayInputStream(request.body().getBytes()),
                        bytes -> {
                            final Buffer body = Buffer.buffer(bytes);
                            outcome[0] =
                                    inner.read(innerTakesHeaders ? new CapturedBody(body, request.headers()) : body);
                            return outcome[0] instanceof Binding.Value(final Object read) ? read : null;
                        });
                // An interceptor may return another entity than the one read.
                return outcome[0] instanceof Binding.Invalid ? outcome[0] : Binding.value(value);
            } catch (final IOException e) {
                return Binding.invalid("request body: cannot be read: " + e.getMessage());
            }
        };
    }

    /** The reader of bodies captured by {@link #capture()} for a parameter of {@code type}. */
    static EntityReader forType(final Type type, final JsonCodec json) {
        if (type == String.class) {
            return captured -> wellFormed((Buffer) captured)
                    ? Binding.value(((Buffer) captured).toString(StandardCharsets.UTF_8))
                    : NOT_UTF_8;
        } else if (type == byte[].class) {
            return captured -> Binding.value(((Buffer) captured).getBytes());
        } else if (type == Buffer.class) {
            return Binding::value;
        } else if (type == InputStream.class) {
            // Read into memory already (up to rest.max-body-size), so the stream never blocks.
            return captured -> Binding.value(new ByteArrayInputStream(((Buffer) captured).getBytes()));
        } else if (type == Reader.class) {
            return captured -> wellFormed((Buffer) captured)
                    ? Binding.value(new StringReader(((Buffer) captured).toString(StandardCharsets.UTF_8)))
                    : NOT_UTF_8;
        }
        final boolean optional = type instanceof ParameterizedType p && p.getRawType() == Optional.class;
        final ObjectReader reader =
                json.readerFor(optional ? ((ParameterizedType) type).getActualTypeArguments()[0] : type);
        return captured -> {
            final Buffer body = (Buffer) captured;
            if (body.length() == 0) {
                return optional
                        ? Binding.value(Optional.empty())
                        : Binding.invalid("request body: a JSON body is required");
            }
            final byte[] bytes = body.getBytes();
            if (!Utf8.isWellFormed(bytes)) {
                return NOT_UTF_8;
            }
            final Object value;
            try {
                value = reader.readValue(bytes);
            } catch (final IOException e) {
                return Binding.invalid("request body: " + JsonProblems.describe(e));
            }
            if (value == null) {
                return optional
                        ? Binding.value(Optional.empty())
                        : Binding.invalid("request body: a JSON value is required, got null");
            }
            return Binding.value(optional ? Optional.of(value) : value);
        };
    }

    /**
     * Jackson's decoder and {@code new String(bytes, UTF_8)} both let through what is not UTF-8
     * (overlong forms, encoded surrogates, code points past U+10FFFF, or replace it silently), and a
     * service would store it; checked here, where the client can still be told. ASCII, what most
     * bodies are, is checked at the speed of a loop over the bytes.
     */
    private static boolean wellFormed(final Buffer body) {
        return Utf8.isWellFormed(body.getBytes());
    }

    private static Optional<Buffer> body(final RoutingContext context) {
        final RequestBody body = context.body();
        final Buffer buffer = body == null ? null : body.buffer();
        return buffer == null || buffer.length() == 0 ? Optional.empty() : Optional.of(buffer);
    }
}
