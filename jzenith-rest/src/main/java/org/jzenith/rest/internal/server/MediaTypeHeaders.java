package org.jzenith.rest.internal.server;

import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes the media types of a request's {@code Content-Type} and {@code Accept} the way routing
 * compares them: type and subtype in lower case, with no space before their parameters. RFC 9110 makes
 * type and subtype case-insensitive and allows that space, but Vert.x Web matches {@code @Consumes} and
 * {@code @Produces} against them as written, so {@code Content-Type: APPLICATION/JSON} got a 415 and
 * {@code Accept: Application/Json} a 406. Headers already so written, nearly all, are only scanned.
 * Parameters are left as sent (a multipart boundary is case-sensitive).
 *
 * <pre>{@code
 * new RestVerticle(MediaTypeHeaders.normalizing(router), ...);
 * }</pre>
 */
final class MediaTypeHeaders {

    private MediaTypeHeaders() {}

    /** {@code next}, given each request after its media type headers are normalized. */
    static Handler<HttpServerRequest> normalizing(final Handler<HttpServerRequest> next) {
        return request -> {
            normalize(request.headers());
            next.handle(request);
        };
    }

    static void normalize(final MultiMap headers) {
        final String contentType = headers.get(HttpHeaders.CONTENT_TYPE);
        if (contentType != null && !normalized(contentType)) {
            headers.set(HttpHeaders.CONTENT_TYPE, mediaType(contentType));
        }
        if (headers.get(HttpHeaders.ACCEPT) == null) {
            return; // most requests of a service's clients: no list to make
        }
        final List<String> accept = headers.getAll(HttpHeaders.ACCEPT);
        if (!accept.stream().allMatch(MediaTypeHeaders::normalized)) {
            headers.remove(HttpHeaders.ACCEPT);
            accept.forEach(value -> headers.add(HttpHeaders.ACCEPT, mediaRanges(value)));
        }
    }

    /**
     * Whether no media type in {@code value} has an upper-case letter in its type or subtype, or a space
     * before its parameters (quoted parameter values are skipped: they may hold anything).
     */
    static boolean normalized(final String value) {
        boolean inType = true;
        boolean quoted = false;
        char previous = ',';
        for (int i = 0; i < value.length(); i++) {
            final char c = value.charAt(i);
            if (quoted) {
                quoted = c != '"' || previous == '\\';
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                inType = true;
            } else if (c == ';') {
                if (inType && (previous == ' ' || previous == '\t')) {
                    return false;
                }
                inType = false;
            } else if (inType && c >= 'A' && c <= 'Z') {
                return false;
            }
            previous = c;
        }
        return true;
    }

    /** One media type ({@code Content-Type}) with its type and subtype normalized. */
    static String mediaType(final String value) {
        final int semicolon = value.indexOf(';');
        return semicolon < 0
                ? value.strip().toLowerCase(Locale.ROOT)
                : value.substring(0, semicolon).strip().toLowerCase(Locale.ROOT) + value.substring(semicolon);
    }

    /** A list of media ranges ({@code Accept}), each normalized; commas inside quotes do not split. */
    static String mediaRanges(final String value) {
        final List<String> ranges = new ArrayList<>();
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < value.length(); i++) {
            final char c = value.charAt(i);
            if (c == '"' && (i == 0 || value.charAt(i - 1) != '\\')) {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                ranges.add(mediaType(value.substring(start, i)));
                start = i + 1;
            }
        }
        ranges.add(mediaType(value.substring(start)));
        return String.join(", ", ranges);
    }
}
