package org.jzenith.rest.internal.context;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.HostAndPort;
import io.vertx.core.net.SocketAddress;

/**
 * Where a request was sent, copied off the Vert.x request on the event loop, so that {@link
 * VertxUriInfo} can answer on any thread.
 *
 * @param scheme {@code http} or {@code https}
 * @param host the host the client addressed (Host header or HTTP/2 authority), else the local
 *     address the request arrived on
 * @param port that host's port; -1 when the client named none
 * @param path the raw path, percent-encoded as sent
 * @param query the raw query without {@code ?}; empty when there is none
 */
public record RequestTarget(String scheme, String host, int port, String path, String query) {

    /** The target of {@code request}; call it on the request's event loop. */
    public static RequestTarget of(final HttpServerRequest request) {
        final String scheme = request.scheme() == null ? (request.isSSL() ? "https" : "http") : request.scheme();
        final String path = request.path() == null ? "" : request.path();
        final String query = request.query() == null ? "" : request.query();
        final HostAndPort authority = request.authority();
        if (authority != null && !authority.host().isEmpty()) {
            return new RequestTarget(scheme, authority.host(), authority.port(), path, query);
        }
        final SocketAddress local = request.localAddress();
        final String host = local == null || local.hostAddress() == null ? "localhost" : local.hostAddress();
        return new RequestTarget(scheme, host, local == null ? -1 : local.port(), path, query);
    }
}
