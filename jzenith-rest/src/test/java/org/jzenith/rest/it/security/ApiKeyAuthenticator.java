package org.jzenith.rest.it.security;

import io.vertx.core.Future;
import io.vertx.core.http.HttpServerRequest;
import java.util.Set;
import org.jzenith.rest.security.Authentication;
import org.jzenith.rest.security.Authenticator;
import org.jzenith.rest.security.Identity;

/** A second scheme, asked after {@link TestAuthenticator}: {@code X-Api-Key: reader-key}. */
public final class ApiKeyAuthenticator implements Authenticator {

    @Override
    public String scheme() {
        return "ApiKey";
    }

    @Override
    public Future<Authentication> authenticate(final HttpServerRequest request) {
        final String key = request.getHeader("X-Api-Key");
        if (key == null) {
            return Future.succeededFuture(Authentication.absent());
        }
        return Future.succeededFuture(
                key.equals("reader-key")
                        ? Authentication.of(Identity.of("robot", Set.of("reader")))
                        : Authentication.rejected(challenge(), "The API key is not known"));
    }
}
