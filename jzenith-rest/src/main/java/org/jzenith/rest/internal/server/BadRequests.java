package org.jzenith.rest.internal.server;

import io.netty.handler.codec.http.multipart.HttpPostRequestDecoder;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;
import java.util.Locale;
import java.util.Optional;
import org.jzenith.rest.internal.context.PercentDecoding;
import org.jzenith.rest.internal.context.RequestTarget;

/**
 * Words the 400 that Vert.x Web answers itself, before any endpoint ran: a path it cannot decode
 * (a malformed percent-escape, in a segment or a matrix parameter) or a form body it cannot
 * decode. The detail says what was wrong, not just that something was.
 *
 * <p>Stateless; called on the request's event loop, on the error path only.
 */
final class BadRequests {

    private static final String ESCAPE_RULE =
            "a percent-escape is % and two hex digits, and a literal % is written %25";

    private BadRequests() {}

    /** The detail of the 400 answered to {@code routing}. */
    static String detail(final RoutingContext routing) {
        final String path = RequestTarget.of(routing.request()).path();
        final Optional<String> escape = PercentDecoding.firstMalformedEscape(path);
        if (escape.isPresent()) {
            return "The request path has a malformed percent-escape (\"" + escape.get() + "\"): " + ESCAPE_RULE;
        }
        if (isForm(routing) && causedByFormDecoding(routing.failure())) {
            return "The form body (application/x-www-form-urlencoded) has a malformed percent-escape: " + ESCAPE_RULE;
        }
        if (routing.request().version() == HttpVersion.HTTP_1_1
                && routing.request().getHeader(HttpHeaders.HOST) == null) {
            return "An HTTP/1.1 request needs a Host header (RFC 9112, section 3.2)";
        }
        return "The request is malformed";
    }

    private static boolean isForm(final RoutingContext routing) {
        final String contentType = routing.request().getHeader(HttpHeaders.CONTENT_TYPE);
        return contentType != null
                && contentType.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded");
    }

    private static boolean causedByFormDecoding(final Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof HttpPostRequestDecoder.ErrorDataDecoderException) {
                return true;
            }
        }
        return false;
    }
}
