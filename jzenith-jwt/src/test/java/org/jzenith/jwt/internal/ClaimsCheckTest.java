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
    void issuerAudienceAndSubjectMustBeThere() {
        assertThat(CHECK.problem(valid().put("iss", "evil"), NOW))
                .contains("The token was issued by another issuer than this service accepts");
        assertThat(CHECK.problem(valid().put("iss", 5), NOW)).isPresent();
        assertThat(CHECK.problem(valid().put("aud", List.of("x")), NOW))
                .contains("The token is meant for another audience");
        assertThat(CHECK.problem(valid().putNull("aud"), NOW)).isPresent();
        assertThat(CHECK.problem(valid().put("sub", ""), NOW)).contains("The token names no subject (sub)");
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
