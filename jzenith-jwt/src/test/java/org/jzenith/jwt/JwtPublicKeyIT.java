package org.jzenith.jwt;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.rest.RestPlugin;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestClient;
import org.jzenith.test.TestResponse;

/** Tokens signed with an RSA key made here, verified against its PEM public key. */
class JwtPublicKeyIT {

    private static final TestKeys KEYS = TestKeys.rsa(null);
    private static final TestKeys OTHER = TestKeys.rsa(null);

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(JwtPublicKeyIT::application)
            .withConfiguration("jwt.public-key", KEYS.publicPem())
            .withConfiguration("jwt.issuer", TestKeys.ISSUER)
            .withConfiguration("jwt.audience", "billing," + TestKeys.AUDIENCE)
            .withConfiguration("jwt.realm", "shop");

    static JZenith application(final String... args) {
        return JZenith.application(args)
                .withPlugins(RestPlugin.withResources(WhoAmIResource.class), JwtPlugin.create());
    }

    private static String bearer(final JsonObject claims) {
        return "Bearer " + KEYS.sign(claims);
    }

    @Test
    void aValidTokenIsItsSubjectWithTheRolesOfItsClaim(final TestClient client) {
        final TestResponse response = client.get(
                "/whoami",
                "Authorization",
                bearer(TestKeys.claims("ada", List.of("reader", "writer")).put("email", "ada@example.com")));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("ada writer=true scheme=Bearer email=ada@example.com");
    }

    @Test
    void noTokenOnAMethodThatNeedsAUserIs401WithTheBearerChallenge(final TestClient client) {
        final TestResponse response = client.get("/whoami");

        assertThat(response.status()).isEqualTo(401);
        assertThat(response.header("WWW-Authenticate")).contains("Bearer realm=\"shop\"");
        assertThat(response.header("Content-Type")).contains("application/problem+json");
    }

    @Test
    void aUserInNoneOfTheRolesIs403(final TestClient client) {
        final TestResponse response =
                client.get("/whoami", "Authorization", bearer(TestKeys.claims("bob", List.of("writer"))));

        assertThat(response.status()).isEqualTo(403);
        assertThat(response.header("WWW-Authenticate")).isEmpty();
    }

    @Test
    void denyAllIs403EvenWithAValidToken(final TestClient client) {
        assertThat(client.get("/whoami/never", "Authorization", bearer(TestKeys.claims("ada", List.of("reader"))))
                        .status())
                .isEqualTo(403);
    }

    @Test
    void permitAllServesARequestWithoutAToken(final TestClient client) {
        final TestResponse response = client.get("/whoami/open");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("anonymous");
    }

    @Test
    void anExpiredTokenIs401InvalidToken(final TestClient client) {
        final long now = Instant.now().getEpochSecond();
        final TestResponse response = client.get(
                "/whoami",
                "Authorization",
                bearer(TestKeys.claims("ada", List.of("reader"))
                        .put("iat", now - 600)
                        .put("exp", now - 120)));

        assertInvalid(response, "The token has expired");
    }

    @Test
    void anInvalidTokenIs401EvenOnAMethodOpenToAll(final TestClient client) {
        final long now = Instant.now().getEpochSecond();
        final TestResponse response = client.get(
                "/whoami/open",
                "Authorization",
                bearer(TestKeys.claims("ada", List.of()).put("exp", now - 120)));

        assertInvalid(response, "The token has expired");
    }

    @Test
    void theClockSkewIsHonoured(final TestClient client) {
        final long now = Instant.now().getEpochSecond();
        // Expired 10 s ago, within the default 30 s of skew; and not valid for another 10 s.
        assertThat(client.get(
                                "/whoami/open",
                                "Authorization",
                                bearer(TestKeys.claims("late", List.of()).put("exp", now - 10)))
                        .body())
                .isEqualTo("late");
        assertThat(client.get(
                                "/whoami/open",
                                "Authorization",
                                bearer(TestKeys.claims("early", List.of()).put("nbf", now + 10)))
                        .body())
                .isEqualTo("early");
        assertInvalid(
                client.get(
                        "/whoami/open",
                        "Authorization",
                        bearer(TestKeys.claims("early", List.of()).put("nbf", now + 120))),
                "The token is not valid yet (nbf)");
    }

    @Test
    void aTokenForAnotherAudienceIs401(final TestClient client) {
        assertInvalid(
                client.get(
                        "/whoami",
                        "Authorization",
                        bearer(TestKeys.claims("ada", List.of("reader")).put("aud", "shipping"))),
                "The token is meant for another audience");
    }

    @Test
    void oneOfSeveralAudiencesIsEnough(final TestClient client) {
        assertThat(client.get(
                                "/whoami/open",
                                "Authorization",
                                bearer(TestKeys.claims("ada", List.of()).put("aud", List.of("shipping", "billing"))))
                        .body())
                .isEqualTo("ada");
    }

    @Test
    void aTokenOfAnotherIssuerIs401(final TestClient client) {
        assertInvalid(
                client.get(
                        "/whoami",
                        "Authorization",
                        bearer(TestKeys.claims("ada", List.of("reader")).put("iss", "https://evil.example.com"))),
                "The token was issued by another issuer than this service accepts");
    }

    @Test
    void aTokenSignedWithAnotherKeyIs401(final TestClient client) {
        assertInvalid(
                client.get(
                        "/whoami", "Authorization", "Bearer " + OTHER.sign(TestKeys.claims("ada", List.of("reader")))),
                "The token's signature is not valid");
    }

    @Test
    void aTamperedTokenIs401(final TestClient client) {
        final String token = KEYS.sign(TestKeys.claims("ada", List.of()));
        final String[] parts = token.split("\\.");
        final String forged = parts[0] + "."
                + java.util.Base64.getUrlEncoder()
                        .withoutPadding()
                        .encodeToString(TestKeys.claims("admin", List.of("reader"))
                                .encode()
                                .getBytes(java.nio.charset.StandardCharsets.UTF_8))
                + "." + parts[2];

        assertInvalid(client.get("/whoami", "Authorization", "Bearer " + forged), "The token's signature is not valid");
    }

    @Test
    void anUnsignedTokenIs401(final TestClient client) {
        final String header = java.util.Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString("{\"alg\":\"none\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        final String payload = java.util.Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(TestKeys.claims("ada", List.of("reader"))
                        .encode()
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8));

        assertThat(client.get("/whoami", "Authorization", "Bearer " + header + "." + payload + ".")
                        .status())
                .isEqualTo(401);
        assertThat(client.get("/whoami", "Authorization", "Bearer " + header + "." + payload)
                        .status())
                .isEqualTo(401);
    }

    @Test
    void anUnsignedTokenWithASignaturePartIs401(final TestClient client) {
        final String header = base64url("{\"alg\":\"none\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));
        final String payload =
                base64url(TestKeys.claims("ada", List.of("reader")).encode().getBytes(StandardCharsets.UTF_8));
        // A real RS256 signature of other content, and bytes of no signature at all.
        final String realSignature =
                KEYS.sign(TestKeys.claims("bob", List.of())).split("\\.")[2];

        for (final String signature : List.of(realSignature, base64url(new byte[] {1, 2, 3}), "AA")) {
            final TestResponse response =
                    client.get("/whoami", "Authorization", "Bearer " + header + "." + payload + "." + signature);
            assertThat(response.status()).isEqualTo(401);
            assertThat(response.header("WWW-Authenticate").orElseThrow()).contains("error=\"invalid_token\"");
        }
    }

    @Test
    void anHs256TokenKeyedWithThePublicKeyIs401(final TestClient client) throws Exception {
        final String header = base64url("{\"alg\":\"HS256\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));
        final String payload =
                base64url(TestKeys.claims("ada", List.of("reader")).encode().getBytes(StandardCharsets.UTF_8));
        final String input = header + "." + payload;
        // The key confusion attack: the verifier's own public key, as the PEM text it was given
        // (with and without the final newline) and as DER, used as an HMAC secret.
        final List<byte[]> secrets = List.of(
                KEYS.publicPem().getBytes(StandardCharsets.US_ASCII),
                KEYS.publicPem().strip().getBytes(StandardCharsets.US_ASCII),
                KEYS.pair().getPublic().getEncoded());

        for (final byte[] secret : secrets) {
            final Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            final String token = input + "." + base64url(mac.doFinal(input.getBytes(StandardCharsets.US_ASCII)));

            final TestResponse response = client.get("/whoami", "Authorization", "Bearer " + token);
            assertThat(response.status()).isEqualTo(401);
            assertThat(response.header("WWW-Authenticate").orElseThrow()).contains("error=\"invalid_token\"");
        }
    }

    private static String base64url(final byte[] bytes) {
        return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    @Test
    void garbageIs401WithoutATypeName(final TestClient client) {
        final TestResponse response = client.get("/whoami/open", "Authorization", "Bearer not-a-jwt");

        assertInvalid(response, "The bearer token is not a signed JWT (three base64url parts separated by dots)");
        final TestResponse json = client.get("/whoami/open", "Authorization", "Bearer e30.e30.e30");
        assertThat(json.status()).isEqualTo(401);
        assertThat(json.body()).doesNotContain("Exception").doesNotContain("io.vertx");
    }

    @Test
    void theSchemeIsMatchedInAnyCase(final TestClient client) {
        assertThat(client.get("/whoami/open", "Authorization", "bearer " + KEYS.sign(TestKeys.claims("ada", List.of())))
                        .body())
                .isEqualTo("ada");
    }

    @Test
    void anotherSchemeIsNotTheBearerAuthenticatorsBusiness(final TestClient client) {
        assertThat(client.get("/whoami/open", "Authorization", "Basic YWRhOnNlY3JldA==")
                        .body())
                .isEqualTo("anonymous");
    }

    private static void assertInvalid(final TestResponse response, final String description) {
        assertThat(response.status()).isEqualTo(401);
        assertThat(response.header("WWW-Authenticate"))
                .contains("Bearer realm=\"shop\", error=\"invalid_token\", error_description=\"" + description + "\"");
        assertThat(response.header("Content-Type")).contains("application/problem+json");
        assertThat(response.body()).contains(description).doesNotContain("Exception");
    }
}
