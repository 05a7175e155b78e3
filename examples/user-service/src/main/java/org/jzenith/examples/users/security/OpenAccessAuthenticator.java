package org.jzenith.examples.users.security;

import io.vertx.core.Future;
import io.vertx.core.http.HttpServerRequest;
import java.util.Set;
import org.jzenith.examples.users.api.UserResource;
import org.jzenith.rest.security.Authentication;
import org.jzenith.rest.security.Authenticator;
import org.jzenith.rest.security.Identity;

/** Every request is the user {@code anonymous} in the role {@code user-admin}; see {@link OpenAccessPlugin}. */
final class OpenAccessAuthenticator implements Authenticator {

    // One answer for every request: nothing is read from it.
    private static final Future<Authentication> EVERYONE =
            Future.succeededFuture(Authentication.of(Identity.of("anonymous", Set.of(UserResource.ADMIN))));

    @Override
    public String scheme() {
        return "None";
    }

    @Override
    public Future<Authentication> authenticate(final HttpServerRequest request) {
        return EVERYONE;
    }
}
