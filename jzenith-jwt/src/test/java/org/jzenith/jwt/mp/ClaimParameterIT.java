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

/** {@code @Claim} on resource method parameters, over HTTP, with tokens jzenith-jwt verifies. */
class ClaimParameterIT {

    private static final TestKeys KEYS = TestKeys.rsa(null);

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(args -> JZenith.application(args)
                    .withPlugins(RestPlugin.withResources(ClaimParameterResource.class), JwtPlugin.create()))
            .withConfiguration("jwt.public-key", KEYS.publicPem())
            .withConfiguration("jwt.issuer", TestKeys.ISSUER)
            .withConfiguration("jwt.audience", TestKeys.AUDIENCE);

    private static String bearer(final JsonObject claims) {
        return "Bearer " + KEYS.sign(claims);
    }

    private static JsonObject ada() {
        return TestKeys.claims("ada", List.of("writer", "reader"))
                .put("email", "ada@example.com")
                .put("level", 3)
                .put("admin", true)
                .put("nickname", "countess")
                .put("team", "engines");
    }

    @Test
    void rawValuesAreTheRequestsOwnClaims(final TestClient client) {
        final TestResponse ada = client.get("/claim-parameter/raw", "Authorization", bearer(ada()));
        final TestResponse bob = client.get(
                "/claim-parameter/raw",
                "Authorization",
                bearer(TestKeys.claims("bob", List.of("reader"))
                        .put("email", "bob@example.com")
                        .put("level", 1)
                        .put("admin", false)));

        assertThat(ada.status()).isEqualTo(200);
        assertThat(ada.body())
                .isEqualTo("email=ada@example.com level=3 admin=true groups=[reader, writer] team=engines");
        assertThat(bob.body())
                .as("each request reads its own token")
                .isEqualTo("email=bob@example.com level=1 admin=false groups=[reader] team=null");
    }

    @Test
    void standardClaimsAreReadByTheirNameAndTypedAsMicroProfileJwtTypesThem(final TestClient client) {
        final TestResponse response = client.get("/claim-parameter/standard", "Authorization", bearer(ada()));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body())
                .isEqualTo("subject=ada issuer=" + TestKeys.ISSUER + " audience=[" + TestKeys.AUDIENCE + "]"
                        + " expiresIsNumber=true email=ada@example.com");
    }

    @Test
    void optionalsArePresentForClaimsTheTokenHasAndEmptyForOthers(final TestClient client) {
        assertThat(client.get("/claim-parameter/optional", "Authorization", bearer(ada()))
                        .body())
                .isEqualTo("email=ada@example.com level=3 admin=true groups=[reader, writer]");
        assertThat(client.get("/claim-parameter/optional", "Authorization", bearer(TestKeys.claims("bob", List.of())))
                        .body())
                .as("a token without those claims")
                .isEqualTo("email=none level=none admin=none groups=[]");
        assertThat(client.get("/claim-parameter/optional").body())
                .as("no token at all")
                .isEqualTo("email=none level=none admin=none groups=none");
    }

    @Test
    void claimValuesCarryTheNameAndTheRequestsValue(final TestClient client) {
        assertThat(client.get("/claim-parameter/value", "Authorization", bearer(ada()))
                        .body())
                .isEqualTo("email=ada@example.com groups=[reader, writer] nickname=countess level=3");
        assertThat(client.get("/claim-parameter/value").body())
                .as("without a token each value is absent: null, or an empty Optional")
                .isEqualTo("email=null groups=null nickname=none level=null");
    }

    @Test
    void missingClaimsAreNullAsMicroProfileJwtInjectsThem(final TestClient client) {
        final TestResponse missing =
                client.get("/claim-parameter/raw", "Authorization", bearer(TestKeys.claims("carl", List.of())));
        final TestResponse anonymous = client.get("/claim-parameter/raw");

        assertThat(missing.status()).isEqualTo(200);
        assertThat(missing.body()).isEqualTo("email=null level=null admin=null groups=[] team=null");
        assertThat(anonymous.status())
                .as("a method that needs a user says so with @RolesAllowed; a claim alone does not")
                .isEqualTo(200);
        assertThat(anonymous.body()).isEqualTo("email=null level=null admin=null groups=null team=null");
    }

    @Test
    void aMethodOnTheEventLoopReadsItsClaimParameters(final TestClient client) {
        final TestResponse response = client.get(
                "/claim-parameter/event-loop?greeting=hello",
                "Authorization",
                bearer(TestKeys.claims("ada", List.of("reader"))));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("hello ada on the event loop");
        assertThat(client.get("/claim-parameter/event-loop?greeting=hello").status())
                .as("@RolesAllowed answers before any parameter is read")
                .isEqualTo(401);
    }

    @Test
    void aMethodOnAVirtualThreadReadsItsClaimParameters(final TestClient client) {
        assertThat(client.get(
                                "/claim-parameter/virtual-thread",
                                "Authorization",
                                bearer(TestKeys.claims("ada", List.of())))
                        .body())
                .isEqualTo("ada on a virtual thread");
        assertThat(client.get("/claim-parameter/virtual-thread").body()).isEqualTo("anonymous on a virtual thread");
    }

    @Test
    void aTokenThatDoesNotHoldIsRefusedBeforeAnyClaimIsRead(final TestClient client) {
        final TestResponse response = client.get("/claim-parameter/raw", "Authorization", bearer(ada().put("exp", 1)));

        assertThat(response.status()).isEqualTo(401);
    }

    @Test
    void aClaimParameterWithoutTheJwtPluginStopsStartUpNamingIt() {
        assertThatThrownBy(() -> JZenith.application("--rest.port=0")
                        .withPlugins(RestPlugin.withResources(ClaimParameterResource.class))
                        .start())
                .hasMessageContaining("@Claim parameter needs the plugin that reads it: register JwtPlugin");
    }

    @Test
    void claimParametersOfTypesAClaimIsNotReadIntoStopStartUpWithWhatToDeclare() {
        assertThatThrownBy(() -> JZenith.application(
                                "--rest.port=0",
                                "--jwt.public-key=" + KEYS.publicPem(),
                                "--jwt.issuer=i",
                                "--jwt.audience=a")
                        .withPlugins(
                                RestPlugin.withResources(UnreadableClaimParameterResource.class), JwtPlugin.create())
                        .start())
                .hasMessageContaining(
                        "integer, parameter 1: @Claim(\"level\") java.lang.Integer: a claim is not read into that type")
                .hasMessageContaining(
                        "primitive, parameter 1: @Claim(\"level\") long cannot be read: a token may lack the claim; declare it Long")
                .hasMessageContaining("unnamed, parameter 1: @Claim names no claim");
    }

    @Test
    void aClaimInABeanParameterStopsStartUpSayingWhereItGoes() {
        assertThatThrownBy(() -> JZenith.application(
                                "--rest.port=0",
                                "--jwt.public-key=" + KEYS.publicPem(),
                                "--jwt.issuer=i",
                                "--jwt.audience=a")
                        .withPlugins(RestPlugin.withResources(BeanClaimResource.class), JwtPlugin.create())
                        .start())
                .hasMessageContaining(
                        "@Claim parameter is read on a resource method's own parameter only, not in a" + " @BeanParam");
    }
}
