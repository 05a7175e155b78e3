package org.jzenith.rest.internal.invoke;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.MIMEHeader;
import io.vertx.ext.web.RoutingContext;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.core.GenericEntity;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.WriterInterceptor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jzenith.rest.internal.bodies.MessageBodies;
import org.jzenith.rest.internal.filters.ResponseFiltering;
import org.jzenith.rest.internal.interceptors.WriterChain;
import org.jzenith.rest.internal.json.JsonCodec;
import org.jzenith.rest.internal.model.MediaTypes;
import org.jzenith.rest.internal.server.ResponseHeaders;

/**
 * Writes an endpoint's result: a value as JSON (or as text for {@code String} and text media
 * types), a Jakarta {@link Response} with its status and headers, or no content. The JSON writer
 * and the content type header values are prepared at start-up.
 *
 * <p>Thread-safe; call it on the request's event loop.
 */
public final class BodyWriter {

    private final JsonCodec json;
    private final ObjectWriter valueWriter;
    private final ResponseHeaders headers;
    private final List<MediaType> produces;
    private final CharSequence defaultContentType;
    private final ResponseFiltering filtering;
    private final MessageBodies bodies;
    /** The writer interceptors of this method's responses; empty for most. */
    private final List<WriterInterceptor> interceptors;
    /** False where the application has no MessageBodyWriter, so that a response asks none. */
    private final boolean mayWriteBodies;
    /** False where no response filter can run, so that such a response looks nothing up. */
    private final boolean mayFilter;
    /** True for a method without {@code @Produces}: it produces {@code *}{@code /*}. */
    private final boolean anyType;
    /** The declared type of the values written, for writers that look at type arguments ({@code List<String>}). */
    private final Type genericValueType;

    public BodyWriter(
            final JsonCodec json,
            final Type valueType,
            final List<MediaType> produces,
            final ResponseHeaders headers,
            final ResponseFiltering filtering,
            final MessageBodies bodies,
            final List<WriterInterceptor> interceptors) {
        this(json, valueType, produces, true, headers, filtering, bodies, interceptors);
    }

    /**
     * A writer for a method whose {@code @Produces} is {@code producesDeclared}; without one, each
     * answer's type is chosen from {@code Accept} and what can write it (see {@link #chosen}).
     */
    public BodyWriter(
            final JsonCodec json,
            final Type valueType,
            final List<MediaType> produces,
            final boolean producesDeclared,
            final ResponseHeaders headers,
            final ResponseFiltering filtering,
            final MessageBodies bodies,
            final List<WriterInterceptor> interceptors) {
        this.anyType = !producesDeclared;
        this.genericValueType = valueType;
        this.json = json;
        this.interceptors = List.copyOf(interceptors);
        this.bodies = bodies;
        this.mayWriteBodies = bodies.hasWriters();
        this.filtering = filtering;
        this.mayFilter = filtering.mayRun();
        this.valueWriter = json.writerFor(valueType);
        this.headers = headers;
        this.produces = produces;
        this.defaultContentType = HttpHeaders.createOptimized(contentType(produces.getFirst()));
    }

    /** Writes {@code value} with {@code status}; a null value is 204 No Content. */
    public void value(final RoutingContext context, final int status, final Object value) {
        if (value instanceof Response result) {
            response(context, result); // Single<Response>, CompletionStage<Response>, ...
            return;
        }
        final HttpServerResponse response = context.response();
        headers.addTo(response.headers());
        if (mayFilter && filtering.runsFor(context)) {
            filtered(
                    context,
                    value == null ? 204 : status,
                    value,
                    value == null ? null : negotiated(context, value),
                    valueWriter);
            return;
        }
        if (value == null) {
            response.setStatusCode(204).end();
            return;
        }
        final CharSequence contentType = negotiated(context, value);
        response.setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, contentType);
        end(context, bodyOf(context, value, contentType, valueWriter));
    }

    /** Ends the response with {@code body}; for HEAD, only its length is sent (Vert.x would send it all). */
    private static void end(final RoutingContext context, final Buffer body) {
        if (context.request().method() == HttpMethod.HEAD) {
            context.response()
                    .putHeader(HttpHeaders.CONTENT_LENGTH, Integer.toString(body.length()))
                    .end();
        } else {
            context.response().end(body);
        }
    }

    /**
     * Starts a streamed response (a JSON array written element by element): status 200, the headers
     * every response carries and the negotiated content type, as the response filters leave them.
     */
    void startStream(final RoutingContext context) {
        startStream(context, 200, Map.of(), negotiated(context), true);
    }

    /**
     * Starts a response whose body follows in parts ({@code StreamingOutput}): {@code status}, the
     * headers every response carries, {@code extraHeaders} (a {@code Response}'s) and {@code
     * contentType}, as the response filters leave them; chunked unless the whole body is known.
     */
    void startStream(
            final RoutingContext context,
            final int status,
            final Map<String, List<String>> extraHeaders,
            final CharSequence contentType,
            final boolean chunked) {
        final HttpServerResponse response = context.response();
        headers.addTo(response.headers());
        extraHeaders.forEach((name, values) -> response.headers().set(name, values));
        response.setChunked(chunked).setStatusCode(status);
        if (mayFilter && filtering.runsFor(context)) {
            filtering
                    .filter(context, status, null, MediaType.valueOf(contentType.toString()), true)
                    .ifPresent(outcome -> response.setStatusCode(outcome.status()));
        }
        response.putHeader(HttpHeaders.CONTENT_TYPE, contentType);
    }

    /** The content type of a streamed {@code Response}: its own, else the negotiated one. */
    CharSequence contentTypeOf(final RoutingContext context, final Response result) {
        return result.getMediaType() != null ? contentType(result.getMediaType()) : negotiated(context);
    }

    /** No content. */
    public void noContent(final RoutingContext context) {
        headers.addTo(context.response().headers());
        if (mayFilter && filtering.runsFor(context)) {
            filtered(context, 204, null, null, valueWriter);
            return;
        }
        context.response().setStatusCode(204).end();
    }

    /** Writes a Jakarta {@link Response}: its status, headers and entity. */
    public void response(final RoutingContext context, final Response result) {
        final HttpServerResponse response = context.response();
        headers.addTo(response.headers());
        response.setStatusCode(result.getStatus());
        for (final Map.Entry<String, List<String>> header :
                result.getStringHeaders().entrySet()) {
            response.headers().set(header.getKey(), header.getValue());
        }
        final Object entity =
                result.getEntity() instanceof GenericEntity<?> generic ? generic.getEntity() : result.getEntity();
        if (mayFilter && filtering.runsFor(context)) {
            final CharSequence contentType = entity == null
                    ? null
                    : result.getMediaType() != null ? contentType(result.getMediaType()) : negotiated(context, entity);
            filtered(
                    context,
                    result.getStatus(),
                    entity,
                    contentType,
                    json.mapper().writer());
            return;
        }
        if (entity == null) {
            response.end();
            return;
        }
        final CharSequence contentType =
                result.getMediaType() != null ? contentType(result.getMediaType()) : negotiated(context, entity);
        response.putHeader(HttpHeaders.CONTENT_TYPE, contentType);
        end(context, bodyOf(context, entity, contentType, json.mapper().writer()));
    }

    /**
     * Writes a response after the response filters changed what they would: status, headers,
     * entity. An entity a filter put in place is written with the mapper, as a {@link Response}'s.
     */
    private void filtered(
            final RoutingContext context,
            final int status,
            final Object entity,
            final CharSequence contentType,
            final ObjectWriter writer) {
        final MediaType type = contentType == null ? null : MediaType.valueOf(contentType.toString());
        final ResponseFiltering.Outcome outcome =
                filtering.filter(context, status, entity, type, false).orElseThrow();
        final HttpServerResponse response = context.response();
        response.setStatusCode(outcome.status());
        if (outcome.entity() == null) {
            response.headers().remove(HttpHeaders.CONTENT_TYPE);
            response.end();
            return;
        }
        final CharSequence finalType = outcome.mediaType() != null
                ? contentType(outcome.mediaType())
                : contentType != null ? contentType : negotiated(context);
        response.putHeader(HttpHeaders.CONTENT_TYPE, finalType);
        final ObjectWriter chosen =
                outcome.entity() == entity ? writer : json.mapper().writer();
        end(context, bodyOf(context, outcome.entity(), finalType, chosen));
    }

    /** The content type for this request: what Vert.x negotiated from Accept, or the first produced. */
    CharSequence negotiated(final RoutingContext context) {
        final String acceptable = context.getAcceptableContentType();
        if (acceptable == null || produces.size() == 1) {
            return defaultContentType;
        }
        return contentType(MediaType.valueOf(acceptable));
    }

    /** The content type of {@code value}: for a method without {@code @Produces}, {@link #chosen}. */
    private CharSequence negotiated(final RoutingContext context, final Object value) {
        return anyType ? chosen(context, value) : negotiated(context);
    }

    /**
     * For a method that produces {@code *}{@code /*}: the first acceptable type, by the client's
     * weights, that something writes {@code value} in: the application's writers, JSON, or text for
     * a {@code String} (and other scalars) or a {@code byte[]} as octets. Without {@code Accept}, or
     * for {@code *}{@code /*}, JSON as ever.
     *
     * @throws NotAcceptableException when nothing writes it in any acceptable type (406)
     */
    private CharSequence chosen(final RoutingContext context, final Object value) {
        final List<MIMEHeader> accept = context.parsedHeaders().accept();
        if (accept.isEmpty()) {
            return defaultContentType;
        }
        final Type generic = genericTypeOf(value);
        for (final MIMEHeader range : accept) {
            if (range.weight() <= 0) {
                continue;
            }
            final MediaType wanted = new MediaType(range.component(), range.subComponent());
            if (wanted.isWildcardType()) {
                return defaultContentType;
            }
            if (mayWriteBodies) {
                final Optional<MediaType> written = bodies.writableAs(value.getClass(), generic, wanted);
                if (written.isPresent()) {
                    return contentType(written.get());
                }
            }
            if (wanted.isCompatible(MediaType.APPLICATION_JSON_TYPE)) {
                return defaultContentType;
            }
            if (wanted.isCompatible(MediaType.TEXT_PLAIN_TYPE) && isScalar(value)) {
                return contentType(MediaType.TEXT_PLAIN_TYPE);
            }
            if (wanted.isCompatible(MediaType.APPLICATION_OCTET_STREAM_TYPE) && value instanceof byte[]) {
                return contentType(MediaType.APPLICATION_OCTET_STREAM_TYPE);
            }
        }
        throw new NotAcceptableException("This resource cannot be written as "
                + context.request().getHeader(HttpHeaders.ACCEPT) + "; it can be written as JSON"
                + (isScalar(value) ? " or text/plain" : ""));
    }

    /** What Jakarta REST implementations write as text without a writer of the application's. */
    private static boolean isScalar(final Object value) {
        return value instanceof String
                || value instanceof Number
                || value instanceof Boolean
                || value instanceof Character;
    }

    /** The declared type when it is generic and {@code value} is of it, for writers that read its arguments. */
    private Type genericTypeOf(final Object value) {
        return genericValueType instanceof ParameterizedType parameterized
                        && parameterized.getRawType() instanceof Class<?> raw
                        && raw.isInstance(value)
                ? genericValueType
                : value.getClass();
    }

    boolean isJson(final CharSequence contentType) {
        final String type = contentType.toString();
        return type.startsWith("application/json") || type.contains("+json");
    }

    /**
     * The body of {@code value} in {@code contentType}: what the application's first
     * MessageBodyWriter for it writes (with the headers it adds), else JSON, text or bytes.
     */
    private Buffer bodyOf(
            final RoutingContext context,
            final Object value,
            final CharSequence contentType,
            final ObjectWriter writer) {
        if (!interceptors.isEmpty()) {
            final WriterChain.Written written = WriterChain.write(
                    interceptors,
                    value,
                    MediaType.valueOf(contentType.toString()),
                    (entity, mediaType) -> uninterceptedBody(context, entity, contentType(mediaType), writer));
            written.headers()
                    .forEach((name, values) -> values.forEach(
                            header -> context.response().headers().add(name, String.valueOf(header))));
            context.response().putHeader(HttpHeaders.CONTENT_TYPE, contentType(written.mediaType()));
            return written.body();
        }
        return uninterceptedBody(context, value, contentType, writer);
    }

    private Buffer uninterceptedBody(
            final RoutingContext context,
            final Object value,
            final CharSequence contentType,
            final ObjectWriter writer) {
        if (mayWriteBodies) {
            final MultivaluedMap<String, Object> added = new MultivaluedHashMap<>();
            final Optional<Buffer> written =
                    bodies.write(value, genericTypeOf(value), MediaType.valueOf(contentType.toString()), added);
            if (written.isPresent()) {
                added.forEach((name, values) ->
                        values.forEach(header -> context.response().headers().add(name, String.valueOf(header))));
                return written.get();
            }
        }
        return encode(value, writer, contentType);
    }

    private Buffer encode(final Object value, final ObjectWriter writer, final CharSequence contentType) {
        // A String is written as it is, even as JSON, as Jakarta REST implementations do.
        if (value instanceof String text) {
            return Buffer.buffer(text.getBytes(StandardCharsets.UTF_8));
        } else if (value instanceof byte[] bytes) {
            return Buffer.buffer(bytes);
        } else if (value instanceof Buffer buffer) {
            return buffer;
        } else if (isJson(contentType)) {
            return json(value, writer);
        } else if (contentType.toString().startsWith("text/")) {
            return Buffer.buffer(value.toString().getBytes(StandardCharsets.UTF_8));
        }
        // application/xml, say: written with toString() it would be a wrong answer that looks right.
        throw new NotAcceptableException(
                "This resource cannot be written as " + contentType + "; it can be written as JSON or text");
    }

    /** Encodes one element of a streamed JSON array; strings are quoted there. */
    Buffer element(final Object value) {
        return json(value, json.mapper().writer());
    }

    private static Buffer json(final Object value, final ObjectWriter writer) {
        try {
            return JsonCodec.write(writer, value);
        } catch (final JsonProcessingException e) {
            throw new IllegalStateException("The result cannot be written as JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static String contentType(final MediaType type) {
        final String base = type.getType() + "/" + type.getSubtype();
        final boolean needsCharset =
                !type.getParameters().containsKey(MediaType.CHARSET_PARAMETER) && "text".equals(type.getType());
        return needsCharset ? base + ";charset=utf-8" : MediaTypes.format(type);
    }
}
