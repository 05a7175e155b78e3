package org.jzenith.jwt;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.rest.RestPlugin;
import org.jzenith.test.Await;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestClient;

/** Keys from a JSON Web Key Set served by a small Vert.x server of the test's own, on a free port. */
class JwksIT {

    private static final TestKeys FIRST = TestKeys.rsa("first");
    private static final TestKeys ROTATED = TestKeys.rsa("rotated");
    private static final Vertx VERTX = Vertx.vertx();
    private static final AtomicInteger FETCHES = new AtomicInteger();
    private static volatile JsonObject served = keySet(FIRST);
    private static volatile int status = 200;
    private static final HttpServer SERVER = Await.result(VERTX.createHttpServer()
            .requestHandler(request -> {
                FETCHES.incrementAndGet();
                request.response()
                        .setStatusCode(status)
                        .putHeader("Content-Type", "application/json")
                        .end(served.encode());
            })
            .listen(0, "127.0.0.1"));

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(JwksIT::application)
            .withConfiguration("jwt.jwks-url", () -> "http://127.0.0.1:" + SERVER.actualPort() + "/certs")
            // The key server here speaks plain HTTP on loopback; anywhere else the URL must be https.
            .withConfiguration("jwt.jwks-allow-insecure-loopback", "true")
            .withConfiguration("jwt.issuer", TestKeys.ISSUER)
            .withConfiguration("jwt.audience", TestKeys.AUDIENCE)
            .withConfiguration("jwt.jwks-min-refresh-interval", "0s");

    static JZenith application(final String... args) {
        return JZenith.application(args)
                .withPlugins(RestPlugin.withResources(WhoAmIResource.class), JwtPlugin.create());
    }

    @AfterAll
    static void stopServer() {
        Await.result(VERTX.close());
    }

    @BeforeEach
    void serveTheFirstKey() {
        served = keySet(FIRST);
        status = 200;
    }

    @Test
    void aTokenSignedWithAKeyOfTheSetIsAccepted(final TestClient client) {
        assertThat(client.get("/whoami", "Authorization", bearer(FIRST)).status())
                .isEqualTo(200);
    }

    @Test
    void aRotatedKeyIsFetchedWhenATokenNamesItsKid(final TestClient client) {
        served = keySet(ROTATED, FIRST);
        final int before = FETCHES.get();

        assertThat(client.get("/whoami", "Authorization", bearer(ROTATED)).body())
                .startsWith("ada ");
        assertThat(FETCHES.get()).isEqualTo(before + 1);
        // Known now: no fetch for the next one.
        assertThat(client.get("/whoami", "Authorization", bearer(ROTATED)).status())
                .isEqualTo(200);
        assertThat(FETCHES.get()).isEqualTo(before + 1);
    }

    @Test
    void aKidTheSetDoesNotHaveIs401(final TestClient client) {
        final TestResponseCheck check =
                new TestResponseCheck(client.get("/whoami", "Authorization", bearer(TestKeys.rsa("unknown"))));

        check.is401("The token is signed with a key or an algorithm this service does not accept");
    }

    @Test
    void aFailedFetchKeepsTheKeysAndTurnsTheHealthCheckDown(final TestClient client) {
        status = 500;
        assertThat(client.get("/whoami", "Authorization", bearer(TestKeys.rsa("unknown")))
                        .status())
                .isEqualTo(401);
        Await.until(
                Duration.ofSeconds(10),
                "the health check is down",
                () -> client.get("/health/ready").status() == 503);
        // The reason is for operators: the check itself says it (the API port shows only the status).
        assertThat(Await.result(APP.application().instance(JwtHealthCheck.class).check())
                        .reason())
                .hasValueSatisfying(reason -> assertThat(reason).contains("it answered HTTP 500"));
        assertThat(client.get("/health/ready").body()).contains("\"name\":\"jwt-keys\",\"status\":\"DOWN\"");
        assertThat(client.get("/whoami", "Authorization", bearer(FIRST)).status())
                .isEqualTo(200);

        status = 200;
        client.get("/whoami", "Authorization", bearer(TestKeys.rsa("unknown-again")));
        Await.until(
                Duration.ofSeconds(10),
                "the health check is up",
                () -> client.get("/health/ready").status() == 200);
        assertThat(client.get("/health/ready").body()).contains("\"name\":\"jwt-keys\",\"status\":\"UP\"");
    }

    private static String bearer(final TestKeys keys) {
        return "Bearer " + keys.sign(TestKeys.claims("ada", List.of("reader")));
    }

    private static JsonObject keySet(final TestKeys... keys) {
        final JsonArray array = new JsonArray();
        for (final TestKeys key : keys) {
            array.add(key.jwk());
        }
        return new JsonObject().put("keys", array);
    }

    private record TestResponseCheck(org.jzenith.test.TestResponse response) {
        void is401(final String description) {
            assertThat(response.status()).isEqualTo(401);
            assertThat(response.header("WWW-Authenticate"))
                    .contains("Bearer realm=\"jzenith\", error=\"invalid_token\", error_description=\"" + description
                            + "\"");
        }
    }
}
