package org.jzenith.jwt.mp;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.jwt.JwtPlugin;
import org.jzenith.jwt.TestKeys;
import org.jzenith.rest.RestPlugin;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestClient;
import org.jzenith.test.TestResponse;

/**
 * MicroProfile JWT 2.1 as the Quarkus security-jwt quickstart uses it: a {@code @RequestScoped}
 * resource with {@code @Inject @Claim(standard = Claims.birthdate) String}, configured with
 * MicroProfile's key names, and tokens made as its {@code GenerateToken} makes them (an issuer, a
 * {@code upn}, groups, a birthdate; no {@code sub}, no {@code aud}).
 */
class QuickstartIT {

    private static final TestKeys KEYS = TestKeys.rsa(null);
    private static final String ISSUER = "https://example.com/issuer";

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(args -> JZenith.application(args)
                    .withPlugins(
                            RestPlugin.withResources(
                                    TokenSecuredResource.class, ProviderClaimResource.class, JsonClaimResource.class),
                            JwtPlugin.create()))
            .withConfiguration("mp.jwt.verify.publickey", KEYS.publicPem())
            .withConfiguration("mp.jwt.verify.issuer", ISSUER)
            .withConfiguration("jwt.verify-audience", "false");

    private static String token(final String upn, final List<String> groups, final String birthdate) {
        final long now = Instant.now().getEpochSecond();
        return "Bearer "
                + KEYS.sign(new JsonObject()
                        .put("iss", ISSUER)
                        .put("upn", upn)
                        .put("groups", groups)
                        .put("birthdate", birthdate)
                        .put("iat", now)
                        .put("exp", now + 300)
                        .put("jti", "a-" + now));
    }

    @Test
    void anAnonymousCallerHasNoToken(final TestClient client) {
        final TestResponse response = client.get("/secured/permit-all");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("hello anonymous, isHttps: false, authScheme: null, hasJWT: false");
    }

    @Test
    void aTokenWithoutSubAndAudIsAcceptedAndNamedByItsUpn(final TestClient client) {
        final TestResponse response = client.get(
                "/secured/roles-allowed", "Authorization", token("jdoe@quarkus.io", List.of("User"), "2001-07-13"));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body())
                .isEqualTo("hello jdoe@quarkus.io, isHttps: false, authScheme: Bearer, hasJWT: true,"
                        + " birthdate: 2001-07-13");
    }

    @Test
    void aRawClaimInARequestScopedResourceIsEachRequestsOwn(final TestClient client) {
        final TestResponse ada = client.get(
                "/secured/roles-allowed-admin", "Authorization", token("ada", List.of("Admin"), "1815-12-10"));
        final TestResponse jdoe = client.get(
                "/secured/roles-allowed-admin",
                "Authorization",
                token("jdoe@quarkus.io", List.of("User", "Admin"), "2001-07-13"));

        assertThat(ada.body())
                .endsWith("hello ada, isHttps: false, authScheme: Bearer, hasJWT: true," + " birthdate: 1815-12-10");
        assertThat(jdoe.body()).startsWith("hello jdoe@quarkus.io,").endsWith("birthdate: 2001-07-13");
        assertThat(client.get("/secured/roles-allowed-admin", "Authorization", token("u", List.of("User"), "x"))
                        .status())
                .isEqualTo(403);
    }

    @Test
    void aProviderReadsTheCurrentRequestsClaimInASingleton(final TestClient client) {
        assertThat(client.get("/provider", "Authorization", token("ada", List.of("b", "a"), "x"))
                        .body())
                .isEqualTo("ada [a, b]");
        assertThat(client.get("/provider", "Authorization", token("bob", List.of("c"), "x"))
                        .body())
                .isEqualTo("bob [c]");
    }

    @Test
    void claimsAreInjectedAsJsonPValues(final TestClient client) {
        final long now = Instant.now().getEpochSecond();
        final String token = "Bearer "
                + KEYS.sign(new JsonObject()
                        .put("iss", ISSUER)
                        .put("upn", "ada")
                        .put("tags", List.of("b", "a"))
                        .put("level", 3)
                        .put(
                                "address",
                                new JsonObject().put("locality", "London").put("floor", 2))
                        .put("iat", now)
                        .put("exp", now + 300));

        assertThat(client.get("/json-claims", "Authorization", token).body())
                .isEqualTo("{\"locality\":\"London\",\"floor\":2} [\"b\",\"a\"] \"ada\" 3 London");
        assertThat(client.get("/json-claims", "Authorization", token("bob", List.of("c"), "x"))
                        .body())
                .isEqualTo("null null \"bob\" null ");
    }
}
