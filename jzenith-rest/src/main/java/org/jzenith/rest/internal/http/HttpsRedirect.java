package org.jzenith.rest.internal.http;

import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.HostAndPort;

/**
 * The plain port's answer when it only redirects ({@code rest.tls.plain=redirect}): 308 to the same
 * host, path and query on the TLS port. 308 rather than 301, so that clients repeat the method and
 * body (a POST stays a POST).
 */
public final class HttpsRedirect implements Handler<HttpServerRequest> {

    private static final CharSequence ZERO = HttpHeaders.createOptimized("0");

    private final String portSuffix;

    private HttpsRedirect(final String portSuffix) {
        this.portSuffix = portSuffix;
    }

    /** Redirects to {@code httpsPort} (left out of the location when it is 443). */
    public static HttpsRedirect to(final int httpsPort) {
        return new HttpsRedirect(httpsPort == 443 ? "" : ":" + httpsPort);
    }

    @Override
    public void handle(final HttpServerRequest request) {
        final HostAndPort authority = request.authority();
        if (authority == null) {
            request.response()
                    .setStatusCode(400)
                    .putHeader(HttpHeaders.CONTENT_LENGTH, ZERO)
                    .end();
            return;
        }
        final String host = authority.host();
        final String uri = request.uri();
        final String target =
                uri.startsWith("/") ? uri : request.path() + (request.query() == null ? "" : "?" + request.query());
        final String location = "https://"
                + (host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host)
                + portSuffix
                + target;
        request.response()
                .setStatusCode(308)
                .putHeader(HttpHeaders.LOCATION, location)
                .putHeader(HttpHeaders.CONTENT_LENGTH, ZERO)
                .end();
    }
}
