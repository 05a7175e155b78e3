package org.jzenith.jwt.internal;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the claims of a token whose signature holds must say: the configured issuer, one of the
 * configured audiences (unless the application turned that check off), a name for the user ({@code
 * upn}, {@code preferred_username} or {@code sub}, the order in which MicroProfile JWT 2.1 names the
 * principal; {@code sub} itself is not required), an expiry not passed, and {@code nbf}/{@code iat}
 * not in the future, each time with {@code skew} of leeway. The JWT library verifies the signature;
 * the claims are checked here so that the 401 can say which one failed.
 *
 * @param issuer the {@code iss} a token must name
 * @param audiences the audiences of which {@code aud} must name one; empty: any audience, or none
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
        if (!audiences.isEmpty() && !meantForUs(claims.getValue("aud"))) {
            return Optional.of("The token is meant for another audience");
        }
        if (principalName(claims).isEmpty()) {
            return Optional.of("The token names no user (upn, preferred_username or sub)");
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

    /**
     * The name of the token's user, as MicroProfile JWT 2.1 chooses it: {@code upn}, else {@code
     * preferred_username}, else {@code sub}; empty when none is a non-empty string.
     */
    public static Optional<String> principalName(final JsonObject claims) {
        for (final String claim : NAME_CLAIMS) {
            if (claims.getValue(claim) instanceof String name && !name.isEmpty()) {
                return Optional.of(name);
            }
        }
        return Optional.empty();
    }

    private static final List<String> NAME_CLAIMS = List.of("upn", "preferred_username", "sub");

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
