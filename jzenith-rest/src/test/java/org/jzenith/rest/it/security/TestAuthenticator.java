package org.jzenith.rest.it.security;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import java.util.Arrays;
import java.util.List;
import org.jzenith.rest.security.Authentication;
import org.jzenith.rest.security.Authenticator;
import org.jzenith.rest.security.Challenge;
import org.jzenith.rest.security.Identity;

/**
 * {@code Authorization: Test name:role,role}; {@code Test bad} is rejected, {@code Test later:...}
 * answers on a later turn of the event loop (as a key fetch would), {@code Test boom} throws.
 */
public final class TestAuthenticator implements Authenticator {

    private static final String PREFIX = "Test ";

    private final Vertx vertx;

    @Inject
    TestAuthenticator(final Vertx vertx) {
        this.vertx = vertx;
    }

    @Override
    public String scheme() {
        return "Test";
    }

    @Override
    public Challenge challenge() {
        return Challenge.of(scheme()).with("realm", "tests");
    }

    @Override
    public Future<Authentication> authenticate(final HttpServerRequest request) {
        final String authorization = request.getHeader("Authorization");
        if (authorization == null || !authorization.startsWith(PREFIX)) {
            return Future.succeededFuture(Authentication.absent());
        }
        final String credentials = authorization.substring(PREFIX.length());
        if (credentials.equals("boom")) {
            throw new IllegalStateException("an authenticator's bug");
        }
        if (credentials.equals("bad")) {
            return Future.succeededFuture(Authentication.rejected(
                    challenge().with("error", "invalid_token").with("error_description", "The \"token\" is bad"),
                    "The test token is bad"));
        }
        if (credentials.startsWith("later:")) {
            final Promise<Authentication> later = Promise.promise();
            vertx.runOnContext(ignored -> later.complete(identity(credentials.substring("later:".length()))));
            return later.future();
        }
        return Future.succeededFuture(identity(credentials));
    }

    private static Authentication identity(final String credentials) {
        final int colon = credentials.indexOf(':');
        final List<String> roles = colon < 0
                ? List.of()
                : Arrays.asList(credentials.substring(colon + 1).split(","));
        return Authentication.of(Identity.of(colon < 0 ? credentials : credentials.substring(0, colon), roles));
    }
}
