package org.jzenith.jwt.mp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonObject;
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

/** {@code @Inject JsonWebToken} and {@code @Claim ClaimValue<T>} in a singleton resource, over HTTP. */
class MicroProfileJwtIT {

    private static final TestKeys KEYS = TestKeys.rsa(null);

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(args -> JZenith.application(args)
                    .withPlugins(
                            RestPlugin.withResources(TokenResource.class, ConstructorTokenResource.class),
                            JwtPlugin.create()))
            .withConfiguration("jwt.public-key", KEYS.publicPem())
            .withConfiguration("jwt.issuer", TestKeys.ISSUER)
            .withConfiguration("jwt.audience", TestKeys.AUDIENCE);

    private static String bearer(final JsonObject claims) {
        return "Bearer " + KEYS.sign(claims);
    }

    @Test
    void theTokenAndItsClaimsAreTheRequestsOwn(final TestClient client) {
        final TestResponse ada = client.get(
                "/token",
                "Authorization",
                bearer(TestKeys.claims("ada", List.of("reader", "writer"))
                        .put("email", "ada@example.com")
                        .put("nickname", "countess")
                        .put("level", 3)));
        final TestResponse bob = client.get(
                "/token",
                "Authorization",
                bearer(TestKeys.claims("bob", List.of("reader")).put("email", "bob@example.com")));

        assertThat(ada.status()).isEqualTo(200);
        assertThat(ada.body())
                .isEqualTo("name=ada subject=ada issuer=" + TestKeys.ISSUER + " audience=[orders]"
                        + " groups=[reader, writer] email=ada@example.com (email) nickname=countess expires=true"
                        + " raw=true custom=3 principal=ada");
        assertThat(bob.body())
                .as("one resource object serves both; each request reads its own token")
                .startsWith("name=bob ")
                .contains("groups=[reader] email=bob@example.com (email) nickname=none");
    }

    @Test
    void aMethodOnTheEventLoopReadsTheTokenToo(final TestClient client) {
        final TestResponse response = client.get(
                "/token/async",
                "Authorization",
                bearer(TestKeys.claims("ada", List.of("reader")).put("email", "ada@example.com")));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("ada ada@example.com");
    }

    @Test
    void aTokenInjectedThroughTheConstructorIsTheRequestsToo(final TestClient client) {
        assertThat(client.get("/constructor", "Authorization", bearer(TestKeys.claims("ada", List.of("reader"))))
                        .body())
                .isEqualTo("ada [reader]");
        assertThat(client.get("/constructor").body()).isEqualTo("null null");
    }

    @Test
    void withoutATokenThereIsNoToken(final TestClient client) {
        // MicroProfile JWT (SmallRye): no token, so no claim names at all, not an empty set.
        assertThat(client.get("/token/open").body()).isEqualTo("anonymous, claims null");
        assertThat(client.get("/token").status()).isEqualTo(401);
    }

    @Test
    void aClaimAsARawValueInASingletonIsRefusedAtStartUp() {
        assertThatThrownBy(() -> JZenith.application(
                                "--rest.port=0",
                                "--jwt.public-key=" + KEYS.publicPem(),
                                "--jwt.issuer=i",
                                "--jwt.audience=a")
                        .withPlugins(RestPlugin.withResources(RawClaimResource.class), JwtPlugin.create())
                        .start())
                .hasMessageContaining("RawClaimResource.email is @Claim(\"email\") String in RawClaimResource,"
                        + " of which one object serves every request")
                .hasMessageContaining("Declare it ClaimValue<String> or Provider<String>");
    }
}
