package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestClient;
import org.jzenith.test.TestResponse;

/** The user service with user.security=jwt: writing needs a bearer token with the role user-admin. */
class UserServiceJwtIT {

    private static final KeyPair KEYS = rsa();

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("jdbc.embedded.directory", () -> temporaryFolder())
            .withConfiguration("user.security", "jwt")
            .withConfiguration(
                    "jwt.public-key",
                    "-----BEGIN PUBLIC KEY-----\n"
                            + Base64.getMimeEncoder()
                                    .encodeToString(KEYS.getPublic().getEncoded())
                            + "\n-----END PUBLIC KEY-----")
            .withConfiguration("jwt.issuer", "https://id.example.com")
            .withConfiguration("jwt.audience", "user-service");

    @Test
    void writingWithoutATokenIs401AndReadingStaysOpen(final TestClient client) {
        final TestResponse created = client.post("/users", Map.of("name", "Ada"));

        assertThat(created.status()).isEqualTo(401);
        assertThat(created.header("WWW-Authenticate")).contains("Bearer realm=\"jzenith\"");
        assertThat(client.get("/users").status()).isEqualTo(200);
    }

    @Test
    void theOpenApiDocumentAsksForABearerTokenWhereARoleIsNeeded(final TestClient client) {
        final com.fasterxml.jackson.databind.JsonNode document =
                client.get("/openapi.json").json();

        assertThat(document.at("/components/securitySchemes/bearerAuth").toString())
                .isEqualTo("{\"type\":\"http\",\"scheme\":\"bearer\",\"bearerFormat\":\"JWT\"}");
        assertThat(document.at("/paths/~1users/post/security").toString()).isEqualTo("[{\"bearerAuth\":[]}]");
        assertThat(document.at("/paths/~1users/get").has("security")).isFalse();
        OpenApiDocuments.valid(client.get("/openapi.json").body());
    }

    @Test
    void anAdminCreatesChangesAndDeletes(final TestClient client) {
        final String admin = "Bearer " + token("[\"user-admin\"]");
        final TestResponse created = client.post("/users", Map.of("name", "Ada"), "Authorization", admin);
        assertThat(created.status()).isEqualTo(201);
        final String id = created.json().get("id").asText();

        assertThat(client.put("/users/" + id, Map.of("name", "Ada King"), "Authorization", admin)
                        .status())
                .isEqualTo(200);
        assertThat(client.delete("/users/" + id, "Authorization", admin).status())
                .isEqualTo(204);
    }

    @Test
    void aUserWithoutTheRoleIs403(final TestClient client) {
        assertThat(client.post("/users", Map.of("name", "Bob"), "Authorization", "Bearer " + token("[\"reader\"]"))
                        .status())
                .isEqualTo(403);
    }

    private static String token(final String groups) {
        final long now = Instant.now().getEpochSecond();
        final String input = encode("{\"alg\":\"RS256\",\"typ\":\"JWT\"}") + "."
                + encode("{\"iss\":\"https://id.example.com\",\"aud\":\"user-service\",\"sub\":\"ada\",\"groups\":"
                        + groups + ",\"iat\":" + now + ",\"exp\":" + (now + 300) + "}");
        try {
            final Signature signature = Signature.getInstance("SHA256withRSA");
            signature.initSign(KEYS.getPrivate());
            signature.update(input.getBytes(StandardCharsets.US_ASCII));
            return input + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(signature.sign());
        } catch (final GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String encode(final String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    private static KeyPair rsa() {
        try {
            final KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (final GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path temporaryFolder() {
        try {
            return Files.createTempDirectory("user-service-jwt");
        } catch (final java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
