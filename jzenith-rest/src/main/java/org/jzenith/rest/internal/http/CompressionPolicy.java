package org.jzenith.rest.internal.http;

import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Locale;
import org.jzenith.rest.RestConfiguration;

/**
 * Decides, as a response's headers are written, whether Vert.x may compress it: only compressible
 * media types ({@code rest.compression.types}) of at least {@code rest.compression.min-size} bytes.
 * Vert.x compresses everything a client accepts; {@code Content-Encoding: identity} is its way to
 * leave one response alone (it removes the header again before sending). Responses that may be
 * compressed say {@code Vary: Accept-Encoding}, so that caches keep both forms apart.
 *
 * <p>Installed only when compression is on; then it costs one headers-end callback per request.
 */
public final class CompressionPolicy implements Handler<RoutingContext> {

    private static final CharSequence IDENTITY = HttpHeaders.createOptimized("identity");
    private static final CharSequence ACCEPT_ENCODING = HttpHeaders.createOptimized("Accept-Encoding");
    private static final String EVENT_STREAM = "text/event-stream";

    private final String[] exact;
    private final String[] prefixes;
    private final long minSize;

    private CompressionPolicy(final String[] exact, final String[] prefixes, final long minSize) {
        this.exact = exact;
        this.prefixes = prefixes;
        this.minSize = minSize;
    }

    /** The policy {@code compression} configures. */
    public static CompressionPolicy of(final RestConfiguration.Compression compression) {
        final List<String> types = compression.types().stream()
                .map(type -> type.trim().toLowerCase(Locale.ROOT))
                .filter(type -> !type.isEmpty())
                .toList();
        return new CompressionPolicy(
                types.stream().filter(type -> !type.endsWith("/*")).toArray(String[]::new),
                types.stream()
                        .filter(type -> type.endsWith("/*"))
                        .map(type -> type.substring(0, type.length() - 1))
                        .toArray(String[]::new),
                compression.minSize());
    }

    @Override
    public void handle(final RoutingContext routing) {
        final HttpServerResponse response = routing.response();
        routing.addHeadersEndHandler(ignored -> decide(response.headers()));
        routing.next();
    }

    /** Marks {@code headers} of a response not to be compressed, or as varying by encoding. */
    void decide(final MultiMap headers) {
        if (headers.contains(HttpHeaders.CONTENT_ENCODING)) {
            return; // encoded by the application already, or marked identity
        }
        final String type = headers.get(HttpHeaders.CONTENT_TYPE);
        if (type == null || !compressible(type) || small(headers.get(HttpHeaders.CONTENT_LENGTH))) {
            headers.set(HttpHeaders.CONTENT_ENCODING, IDENTITY);
            return;
        }
        final String vary = headers.get(HttpHeaders.VARY);
        if (vary == null) {
            headers.set(HttpHeaders.VARY, ACCEPT_ENCODING);
        } else if (!containsIgnoringCase(vary, "accept-encoding")) {
            headers.set(HttpHeaders.VARY, vary + ", " + ACCEPT_ENCODING);
        }
    }

    /** Whether {@code contentType} (parameters allowed) is one of the compressible types. */
    boolean compressible(final String contentType) {
        int end = contentType.indexOf(';');
        if (end < 0) {
            end = contentType.length();
        }
        while (end > 0 && contentType.charAt(end - 1) == ' ') {
            end--;
        }
        for (final String type : exact) {
            if (type.length() == end && contentType.regionMatches(true, 0, type, 0, end)) {
                return true;
            }
        }
        if (contentType.regionMatches(true, 0, EVENT_STREAM, 0, EVENT_STREAM.length())) {
            return false; // events must reach the client when sent, not when a compressor's block fills
        }
        for (final String prefix : prefixes) {
            if (contentType.regionMatches(true, 0, prefix, 0, prefix.length())) {
                return true;
            }
        }
        return false;
    }

    private boolean small(final String contentLength) {
        if (contentLength == null) {
            return false; // streamed: its size is not known, so it is worth compressing
        }
        long length = 0;
        for (int i = 0; i < contentLength.length(); i++) {
            final char c = contentLength.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
            length = length * 10 + (c - '0');
            if (length >= minSize) {
                return false;
            }
        }
        return true;
    }

    private static boolean containsIgnoringCase(final String text, final String part) {
        for (int i = 0; i + part.length() <= text.length(); i++) {
            if (text.regionMatches(true, i, part, 0, part.length())) {
                return true;
            }
        }
        return false;
    }
}
