package org.jzenith.jwt.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class BearerTokenTest {

    @Test
    void aCompactJwsHasThreeNonEmptyBase64UrlParts() {
        assertThat(BearerToken.isCompactJws("a.b.c")).isTrue();
        assertThat(BearerToken.isCompactJws("aA0-_.b.c")).isTrue();
        assertThat(BearerToken.isCompactJws("a.b.")).isFalse();
        assertThat(BearerToken.isCompactJws("a..c")).isFalse();
        assertThat(BearerToken.isCompactJws("a.b")).isFalse();
        assertThat(BearerToken.isCompactJws("a.b.c.d")).isFalse();
        assertThat(BearerToken.isCompactJws("a.b+.c")).isFalse();
        assertThat(BearerToken.isCompactJws("")).isFalse();
    }

    @Test
    void theKeyIdOfTheHeader() {
        assertThat(BearerToken.keyId(encode("{\"alg\":\"RS256\",\"kid\":\"k1\"}") + ".b.c"))
                .contains("k1");
        assertThat(BearerToken.keyId(encode("{\"alg\":\"RS256\"}") + ".b.c")).isEmpty();
        assertThat(BearerToken.keyId(encode("not json") + ".b.c")).isEmpty();
        assertThat(BearerToken.keyId(encode("{\"kid\":5}") + ".b.c")).isEmpty();
    }

    private static String encode(final String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }
}
