package org.jzenith.jwt.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ClaimsCheckTest {

    private static final Instant NOW = Instant.ofEpochSecond(1_000_000);
    private static final ClaimsCheck CHECK = new ClaimsCheck("iss", Set.of("aud", "other"), Duration.ofSeconds(30));

    private static JsonObject valid() {
        return new JsonObject()
                .put("iss", "iss")
                .put("aud", "aud")
                .put("sub", "ada")
                .put("iat", NOW.getEpochSecond())
                .put("exp", NOW.getEpochSecond() + 60);
    }

    @Test
    void validClaimsPass() {
        assertThat(CHECK.problem(valid(), NOW)).isEmpty();
        assertThat(CHECK.problem(valid().put("aud", List.of("x", "other")), NOW))
                .isEmpty();
    }

    @Test
    void issuerAndAudienceMustBeThere() {
        assertThat(CHECK.problem(valid().put("iss", "evil"), NOW))
                .contains("The token was issued by another issuer than this service accepts");
        assertThat(CHECK.problem(valid().put("iss", 5), NOW)).isPresent();
        assertThat(CHECK.problem(valid().put("aud", List.of("x")), NOW))
                .contains("The token is meant for another audience");
        assertThat(CHECK.problem(valid().putNull("aud"), NOW)).isPresent();
    }

    /** MicroProfile JWT 2.1 rejects a token for its signature, issuer and key; sub is one of three names. */
    @Test
    void subIsNotRequiredWhenUpnOrPreferredUsernameNamesTheUser() {
        final JsonObject upnOnly = valid().put("upn", "jdoe@quarkus.io");
        upnOnly.remove("sub");
        final JsonObject preferredOnly = valid().put("preferred_username", "jdoe");
        preferredOnly.remove("sub");
        final JsonObject nameless = valid().put("sub", "");

        assertThat(CHECK.problem(upnOnly, NOW)).isEmpty();
        assertThat(CHECK.problem(preferredOnly, NOW)).isEmpty();
        assertThat(CHECK.problem(nameless, NOW)).contains("The token names no user (upn, preferred_username or sub)");
    }

    @Test
    void thePrincipalIsNamedByUpnThenPreferredUsernameThenSub() {
        assertThat(ClaimsCheck.principalName(
                        valid().put("upn", "jdoe@quarkus.io").put("preferred_username", "jdoe")))
                .contains("jdoe@quarkus.io");
        assertThat(ClaimsCheck.principalName(valid().put("preferred_username", "jdoe")))
                .contains("jdoe");
        assertThat(ClaimsCheck.principalName(valid())).contains("ada");
    }

    @Test
    void withoutConfiguredAudiencesAnyAudienceOrNoneIsAccepted() {
        final ClaimsCheck any = new ClaimsCheck("iss", Set.of(), Duration.ofSeconds(30));
        final JsonObject noAudience = valid();
        noAudience.remove("aud");

        assertThat(any.problem(noAudience, NOW)).isEmpty();
        assertThat(any.problem(valid().put("aud", "someone-else"), NOW)).isEmpty();
    }

    @Test
    void expiryIsRequiredAndHonouredWithTheSkew() {
        final long now = NOW.getEpochSecond();
        final JsonObject noExpiry = valid();
        noExpiry.remove("exp");
        assertThat(CHECK.problem(noExpiry, NOW)).contains("The token has no expiry time (exp)");
        assertThat(CHECK.problem(valid().put("exp", now - 30), NOW)).isEmpty();
        assertThat(CHECK.problem(valid().put("exp", now - 31), NOW)).contains("The token has expired");
    }

    @Test
    void notBeforeAndIssuedAtMayBeAheadByTheSkewOnly() {
        final long now = NOW.getEpochSecond();
        assertThat(CHECK.problem(valid().put("nbf", now + 30), NOW)).isEmpty();
        assertThat(CHECK.problem(valid().put("nbf", now + 31), NOW)).contains("The token is not valid yet (nbf)");
        assertThat(CHECK.problem(valid().put("iat", now + 31), NOW))
                .contains("The token was issued in the future (iat)");
    }
}
