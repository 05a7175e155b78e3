package org.jzenith.core.internal.tracing;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.context.propagation.TextMapSetter;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.spi.context.storage.AccessMode;
import io.vertx.core.spi.tracing.TagExtractor;
import io.vertx.core.spi.tracing.VertxTracer;
import io.vertx.core.tracing.TracingPolicy;
import java.util.Map;
import java.util.function.BiConsumer;
import org.jzenith.core.spi.tracing.StatementVerb;

/**
 * Vert.x's tracing hooks on OpenTelemetry: a server span for every request Vert.x's HTTP server
 * receives (renamed by the REST plugin once the route template is known), and a client span for
 * every command its clients send: PostgreSQL, Redis, HTTP.
 *
 * <p>Why not {@code vertx-opentelemetry}: it finds a client call's parent only in the Vert.x context
 * the client runs on. jZenith calls plain resource methods on virtual threads, where the request's
 * context is the thread's current OpenTelemetry context instead; this tracer looks there too, so a
 * query made from a virtual thread is still a child of its request.
 *
 * <p>Attributes follow OpenTelemetry's HTTP and database semantic conventions. A statement's text is
 * the one the application wrote, with its placeholders, never the values bound to them.
 */
public final class VertxTracing implements VertxTracer<Span, Span> {

    private static final AttributeKey<String> METHOD = AttributeKey.stringKey("http.request.method");
    private static final AttributeKey<String> PATH = AttributeKey.stringKey("url.path");
    private static final AttributeKey<String> QUERY = AttributeKey.stringKey("url.query");
    private static final AttributeKey<String> SCHEME = AttributeKey.stringKey("url.scheme");
    private static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
    private static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");
    private static final AttributeKey<String> CLIENT_ADDRESS = AttributeKey.stringKey("client.address");
    private static final AttributeKey<String> PROTOCOL_VERSION = AttributeKey.stringKey("network.protocol.version");
    private static final AttributeKey<String> USER_AGENT = AttributeKey.stringKey("user_agent.original");
    private static final AttributeKey<Long> STATUS = AttributeKey.longKey("http.response.status_code");
    private static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    private static final String QUERY_TEXT = "db.query.text";
    /** Vert.x reports the kind as a tag too; it is the span's kind already. */
    private static final String SPAN_KIND = "span.kind";

    private static final AttributeKey<String> OPERATION = AttributeKey.stringKey("db.operation.name");

    private static final TextMapGetter<Iterable<Map.Entry<String, String>>> HEADERS = new HeaderGetter();
    private static final TextMapSetter<BiConsumer<String, String>> OUTGOING = (headers, key, value) -> {
        if (headers != null) {
            headers.accept(key, value);
        }
    };

    private final Tracer tracer;
    private final TextMapPropagator propagator;

    public VertxTracing(final OpenTelemetry openTelemetry) {
        this.tracer = openTelemetry.getTracer("org.jzenith");
        this.propagator = openTelemetry.getPropagators().getTextMapPropagator();
    }

    @Override
    public <R> Span receiveRequest(
            final io.vertx.core.Context context,
            final io.vertx.core.spi.tracing.SpanKind kind,
            final TracingPolicy policy,
            final R request,
            final String operation,
            final Iterable<Map.Entry<String, String>> headers,
            final TagExtractor<R> tags) {
        if (policy == TracingPolicy.IGNORE) {
            return null;
        }
        final Context parent = propagator.extract(Context.root(), headers, HEADERS);
        if (policy == TracingPolicy.PROPAGATE
                && !Span.fromContext(parent).getSpanContext().isValid()) {
            return null;
        }
        final SpanBuilder builder = tracer.spanBuilder(operation)
                .setParent(parent)
                .setSpanKind(kind == io.vertx.core.spi.tracing.SpanKind.RPC ? SpanKind.SERVER : SpanKind.CONSUMER);
        if (request instanceof HttpServerRequest http) {
            serverAttributes(builder, http);
        } else {
            copy(request, tags, builder::setAttribute);
        }
        final Span span = builder.startSpan();
        TracingLocal.KEY.put(context, AccessMode.CONCURRENT, parent.with(span));
        return span;
    }

    private static void serverAttributes(final SpanBuilder builder, final HttpServerRequest request) {
        builder.setAttribute(METHOD, request.method().name())
                .setAttribute(PATH, request.path())
                .setAttribute(SCHEME, request.isSSL() ? "https" : "http")
                .setAttribute(PROTOCOL_VERSION, protocolVersion(request));
        if (request.query() != null) {
            builder.setAttribute(QUERY, request.query());
        }
        if (request.authority() != null) {
            builder.setAttribute(SERVER_ADDRESS, request.authority().host());
            if (request.authority().port() > 0) {
                builder.setAttribute(SERVER_PORT, (long) request.authority().port());
            }
        }
        if (request.remoteAddress() != null && request.remoteAddress().hostAddress() != null) {
            builder.setAttribute(CLIENT_ADDRESS, request.remoteAddress().hostAddress());
        }
        final String agent = request.getHeader("User-Agent");
        if (agent != null) {
            builder.setAttribute(USER_AGENT, agent);
        }
    }

    private static String protocolVersion(final HttpServerRequest request) {
        return switch (request.version()) {
            case HTTP_1_0 -> "1.0";
            case HTTP_1_1 -> "1.1";
            case HTTP_2 -> "2";
        };
    }

    @Override
    public <R> void sendResponse(
            final io.vertx.core.Context context,
            final R response,
            final Span span,
            final Throwable failure,
            final TagExtractor<R> tags) {
        if (span == null) {
            return;
        }
        if (response instanceof HttpServerResponse http) {
            final int status = http.getStatusCode();
            span.setAttribute(STATUS, status);
            if (status >= 500) {
                span.setAttribute(ERROR_TYPE, Integer.toString(status));
                span.setStatus(StatusCode.ERROR);
            }
        } else if (response != null) {
            copy(response, tags, span::setAttribute);
        }
        end(span, failure);
    }

    @Override
    public <R> Span sendRequest(
            final io.vertx.core.Context context,
            final io.vertx.core.spi.tracing.SpanKind kind,
            final TracingPolicy policy,
            final R request,
            final String operation,
            final BiConsumer<String, String> headers,
            final TagExtractor<R> tags) {
        if (policy == TracingPolicy.IGNORE || request == null) {
            return null;
        }
        final Context parent = parentOf(context);
        if (policy != TracingPolicy.ALWAYS
                && !Span.fromContext(parent).getSpanContext().isValid()) {
            return null;
        }
        final String verb = StatementVerb.of(operationOf(request, tags));
        final SpanBuilder builder = tracer.spanBuilder(verb.isEmpty() ? operation : verb)
                .setParent(parent)
                .setSpanKind(kind == io.vertx.core.spi.tracing.SpanKind.RPC ? SpanKind.CLIENT : SpanKind.PRODUCER);
        copy(request, tags, builder::setAttribute);
        if (!verb.isEmpty()) {
            builder.setAttribute(OPERATION, verb);
        }
        final Span span = builder.startSpan();
        propagator.inject(parent.with(span), headers, OUTGOING);
        return span;
    }

    /**
     * The request's context where the client runs on an event loop; the calling thread's current
     * context where it was called from a virtual thread (whose Vert.x context is a fresh one).
     */
    private static Context parentOf(final io.vertx.core.Context context) {
        final Context onContext = context == null ? null : TracingLocal.KEY.get(context, AccessMode.CONCURRENT);
        return onContext != null ? onContext : Context.current();
    }

    @Override
    public <R> void receiveResponse(
            final io.vertx.core.Context context,
            final R response,
            final Span span,
            final Throwable failure,
            final TagExtractor<R> tags) {
        if (span == null) {
            return;
        }
        if (response != null) {
            copy(response, tags, span::setAttribute);
        }
        end(span, failure);
    }

    private static void end(final Span span, final Throwable failure) {
        if (failure != null) {
            span.setStatus(StatusCode.ERROR, failure.getClass().getSimpleName());
            span.setAttribute(ERROR_TYPE, failure.getClass().getName());
        }
        span.end();
    }

    /** Copies what Vert.x reports about a request or its answer, but the kind, which the span has already. */
    private static <R> void copy(final R value, final TagExtractor<R> tags, final BiConsumer<String, String> into) {
        final int count = tags.len(value);
        for (int i = 0; i < count; i++) {
            final String tag = tags.value(value, i);
            final String name = tags.name(value, i);
            if (tag != null && !SPAN_KIND.equals(name)) {
                into.accept(name, tag);
            }
        }
    }

    /**
     * What a database request does, for its span's name: the text of a SQL statement (whose first
     * keyword names it), or a Redis command's name; empty for other requests.
     */
    private static <R> String operationOf(final R request, final TagExtractor<R> tags) {
        String operation = "";
        final int count = tags.len(request);
        for (int i = 0; i < count; i++) {
            final String name = tags.name(request, i);
            if (QUERY_TEXT.equals(name)
                    || (operation.isEmpty() && OPERATION.getKey().equals(name))) {
                final String value = tags.value(request, i);
                operation = value == null ? "" : value;
            }
        }
        return operation;
    }

    private static final class HeaderGetter implements TextMapGetter<Iterable<Map.Entry<String, String>>> {

        @Override
        public String get(final Iterable<Map.Entry<String, String>> carrier, final String key) {
            if (carrier == null) {
                return null;
            }
            if (carrier instanceof io.vertx.core.MultiMap headers) {
                return headers.get(key); // case-insensitive, no scan
            }
            for (final Map.Entry<String, String> entry : carrier) {
                if (entry.getKey().equalsIgnoreCase(key)) {
                    return entry.getValue();
                }
            }
            return null;
        }
    }
}
