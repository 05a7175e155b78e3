package org.jzenith.docs.security;

import io.vertx.core.Future;
import io.vertx.core.http.HttpServerRequest;
import java.util.Set;
import org.jzenith.rest.security.Authentication;
import org.jzenith.rest.security.Authenticator;
import org.jzenith.rest.security.Identity;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/security.md, "Adding another scheme". */
// tag::authenticator[]
final class ApiKeyAuthenticator implements Authenticator {
    public String scheme() { return "ApiKey"; }

    public Future<Authentication> authenticate(final HttpServerRequest request) {
        final String key = request.getHeader("X-Api-Key");
        if (key == null) {
            return Future.succeededFuture(Authentication.absent());      // not this scheme: ask the next
        }
        return Future.succeededFuture(key.equals("reader-key")
                ? Authentication.of(Identity.of("robot", Set.of("reader")))
                : Authentication.rejected(challenge(), "The API key is not known"));
    }
}
// end::authenticator[]
// spotless:on
