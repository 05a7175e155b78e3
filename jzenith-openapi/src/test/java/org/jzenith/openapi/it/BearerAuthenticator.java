package org.jzenith.openapi.it;

import io.vertx.core.Future;
import io.vertx.core.http.HttpServerRequest;
import org.jzenith.rest.security.Authentication;
import org.jzenith.rest.security.Authenticator;

/** A Bearer scheme that never finds credentials: enough for the document to describe one. */
public final class BearerAuthenticator implements Authenticator {

    @Override
    public String scheme() {
        return "Bearer";
    }

    @Override
    public Future<Authentication> authenticate(final HttpServerRequest request) {
        return Future.succeededFuture(Authentication.absent());
    }
}
