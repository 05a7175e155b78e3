package org.jzenith.jwt.internal;

import io.vertx.core.Future;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.auth.NoSuchKeyIdException;
import io.vertx.ext.auth.authentication.TokenCredentials;
import java.time.Instant;
import java.util.Optional;
import org.jzenith.jwt.JwtPrincipal;
import org.jzenith.rest.security.Authentication;
import org.jzenith.rest.security.Authenticator;
import org.jzenith.rest.security.Challenge;
import org.jzenith.rest.security.Identity;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Bearer tokens (RFC 6750) that are JWTs: the signature verified by Vert.x's JWT provider with the
 * configured keys, then the claims by {@link ClaimsCheck}; the user is named by the token's {@code
 * upn}, {@code preferred_username} or {@code sub} (the first present), with the roles of the roles claim. A token that does not hold is rejected with {@code
 * error="invalid_token"} and a description that says why, logged at DEBUG only (it is the client's
 * mistake). Thread-safe.
 */
public final class JwtAuthenticator implements Authenticator {

    private static final Logger LOG = LoggerFactory.getLogger(JwtAuthenticator.class);
    private static final Future<Authentication> ABSENT = Future.succeededFuture(Authentication.absent());

    private final JwtState state;
    private final Challenge challenge;

    public JwtAuthenticator(final JwtState state, final String realm) {
        this.state = state;
        this.challenge = Challenge.of("Bearer").with("realm", realm);
    }

    @Override
    public String scheme() {
        return "Bearer";
    }

    @Override
    public Challenge challenge() {
        return challenge;
    }

    @Override
    public Future<Authentication> authenticate(final HttpServerRequest request) {
        final Optional<String> bearer = BearerToken.of(request);
        if (bearer.isEmpty()) {
            return ABSENT;
        }
        final String token = bearer.get();
        if (!BearerToken.isCompactJws(token)) {
            return rejected("The bearer token is not a signed JWT (three base64url parts separated by dots)");
        }
        final Optional<JwtState.Running> running = state.running();
        if (running.isEmpty()) {
            return Future.failedFuture(new IllegalStateException("the jwt plugin is not running"));
        }
        final JwtSettings settings = running.get().settings();
        final VerifyingKeys keys = running.get().keys();
        final Future<KeySet> keySet = keys.current().keyIds().isEmpty()
                ? Future.succeededFuture(keys.current())
                : keys.forKeyId(BearerToken.keyId(token));
        return keySet.compose(current -> current.verifier()
                .authenticate(new TokenCredentials(token))
                .transform(verified -> {
                    if (verified.failed()) {
                        LOG.debug(
                                "A bearer token was rejected: {}",
                                verified.cause().toString());
                        return rejected(
                                verified.cause() instanceof NoSuchKeyIdException
                                        ? "The token is signed with a key or an algorithm this service does not accept"
                                        : "The token's signature is not valid");
                    }
                    return accepted(settings, verified.result().attributes().getJsonObject("accessToken"), token);
                }));
    }

    private Future<Authentication> accepted(final JwtSettings settings, final JsonObject claims, final String token) {
        final Optional<String> problem = settings.claims().problem(claims, Instant.now());
        if (problem.isPresent()) {
            LOG.debug("A bearer token was rejected: {}", problem.get());
            return rejected(problem.get());
        }
        return Future.succeededFuture(Authentication.of(new Identity(
                new JwtPrincipal(ClaimsCheck.principalName(claims).orElseThrow(), claims.getMap(), token),
                settings.roles().roles(claims))));
    }

    private Future<Authentication> rejected(final String reason) {
        return Future.succeededFuture(Authentication.rejected(
                challenge.with("error", "invalid_token").with("error_description", reason), reason));
    }
}
