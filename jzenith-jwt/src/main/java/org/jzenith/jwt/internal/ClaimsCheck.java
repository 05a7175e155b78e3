package org.jzenith.jwt.internal;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * What the claims of a token whose signature holds must say: the configured issuer, one of the
 * configured audiences, a subject, an expiry not passed, and {@code nbf}/{@code iat} not in the
 * future, each time with {@code skew} of leeway. The JWT library verifies the signature; the claims
 * are checked here so that the 401 can say which one failed.
 *
 * @param issuer the {@code iss} a token must name
 * @param audiences the audiences of which {@code aud} must name one
 * @param skew the leeway on times
 */
public record ClaimsCheck(String issuer, Set<String> audiences, Duration skew) {

    public ClaimsCheck {
        audiences = Set.copyOf(audiences);
    }

    /** Why {@code claims} are not accepted at {@code now}; empty when they are. */
    public Optional<String> problem(final JsonObject claims, final Instant now) {
        final long seconds = now.getEpochSecond();
        final long leeway = skew.toSeconds();
        if (!issuer.equals(claims.getValue("iss"))) {
            return Optional.of("The token was issued by another issuer than this service accepts");
        }
        if (!meantForUs(claims.getValue("aud"))) {
            return Optional.of("The token is meant for another audience");
        }
        if (!(claims.getValue("sub") instanceof String subject) || subject.isEmpty()) {
            return Optional.of("The token names no subject (sub)");
        }
        if (!(claims.getValue("exp") instanceof Number expiry)) {
            return Optional.of("The token has no expiry time (exp)");
        }
        if (seconds > expiry.longValue() + leeway) {
            return Optional.of("The token has expired");
        }
        if (claims.getValue("nbf") instanceof Number notBefore && seconds + leeway < notBefore.longValue()) {
            return Optional.of("The token is not valid yet (nbf)");
        }
        if (claims.getValue("iat") instanceof Number issued && seconds + leeway < issued.longValue()) {
            return Optional.of("The token was issued in the future (iat)");
        }
        return Optional.empty();
    }

    private boolean meantForUs(final Object audience) {
        if (audience instanceof String one) {
            return audiences.contains(one);
        }
        if (audience instanceof JsonArray several) {
            for (final Object one : several) {
                if (one instanceof String name && audiences.contains(name)) {
                    return true;
                }
            }
        }
        return false;
    }
}
