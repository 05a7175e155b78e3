package org.jzenith.rest.it.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.it.Served;

/** CORS by Vert.x Web's handler, before every route; and the security headers of plain responses. */
class CorsIT {

    private static final String APP = "https://app.example.com";

    private static Served served;
    private static Https http;

    @BeforeAll
    static void start() {
        served = Served.start(
                RestPlugin.withResources(FeatureResource.class),
                "--rest.cors.origins=" + APP,
                "--rest.cors.origin-patterns=https://[a-z]+\\.example\\.org",
                "--rest.cors.credentials=true",
                "--rest.cors.exposed-headers=Location",
                "--rest.cors.headers=Content-Type,Authorization",
                "--rest.cors.max-age=10m");
        http = Https.plain(served.port(), HttpClient.Version.HTTP_1_1);
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void aSimpleRequestFromAnAllowedOriginMayReadTheAnswer() {
        final HttpResponse<byte[]> response = http.get("/features/small", "Origin", APP);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Access-Control-Allow-Origin")).contains(APP);
        assertThat(response.headers().firstValue("Access-Control-Allow-Credentials"))
                .contains("true");
        assertThat(response.headers().firstValue("Access-Control-Expose-Headers"))
                .contains("Location");
    }

    @Test
    void anOriginMatchingAPatternIsAllowed() {
        final HttpResponse<byte[]> response = http.get("/features/small", "Origin", "https://shop.example.org");

        assertThat(response.headers().firstValue("Access-Control-Allow-Origin")).contains("https://shop.example.org");
    }

    @Test
    void aPreflightIsAnsweredWithoutReachingAResource() {
        final HttpResponse<byte[]> response = http.send(
                "OPTIONS",
                "/no/such/resource",
                "Origin",
                APP,
                "Access-Control-Request-Method",
                "DELETE",
                "Access-Control-Request-Headers",
                "Authorization");

        assertThat(response.statusCode()).isEqualTo(204);
        assertThat(response.headers().firstValue("Access-Control-Allow-Origin")).contains(APP);
        assertThat(response.headers().firstValue("Access-Control-Allow-Methods"))
                .hasValueSatisfying(methods -> assertThat(methods).contains("DELETE", "PUT"));
        assertThat(response.headers().firstValue("Access-Control-Allow-Headers"))
                .contains("Content-Type,Authorization");
        assertThat(response.headers().firstValue("Access-Control-Max-Age")).contains("600");
    }

    @Test
    void aPreflightFromAnotherOriginIsAForbiddenProblem() {
        final HttpResponse<byte[]> response = http.send(
                "OPTIONS",
                "/features/small",
                "Origin",
                "https://evil.example.net",
                "Access-Control-Request-Method",
                "GET");
        final String body = new String(response.body(), StandardCharsets.UTF_8);

        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(body).contains("\"status\":403").contains("https://evil.example.net is not allowed");
        assertThat(body).doesNotContain("Exception").doesNotContain("at io.vertx");
        assertThat(response.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
    }

    @Test
    void aRequestWithoutOriginIsNoCorsRequest() {
        final HttpResponse<byte[]> response = http.get("/features/small");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
    }

    @Test
    void plainResponsesCarryTheSecurityHeadersButNoStrictTransportSecurity() {
        final HttpResponse<byte[]> response = http.get("/features/small");
        final HttpResponse<byte[]> problem = http.get("/nothing/here");

        assertThat(response.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
        assertThat(response.headers().firstValue("X-Frame-Options")).contains("DENY");
        assertThat(response.headers().firstValue("Strict-Transport-Security")).isEmpty();
        assertThat(problem.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
    }

    @Test
    void securityHeadersCanBeTurnedOff() {
        try (Served bare = Served.start(
                RestPlugin.withResources(FeatureResource.class), "--rest.security-headers.enabled=false")) {
            final HttpResponse<byte[]> response =
                    Https.plain(bare.port(), HttpClient.Version.HTTP_1_1).get("/features/small");

            assertThat(response.headers().firstValue("X-Content-Type-Options")).isEmpty();
            assertThat(response.headers().firstValue("X-Frame-Options")).isEmpty();
        }
    }
}
