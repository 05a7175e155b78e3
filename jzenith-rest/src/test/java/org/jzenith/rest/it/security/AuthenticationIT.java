package org.jzenith.rest.it.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.AbstractModule;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.it.Served;
import org.jzenith.rest.security.Authenticator;

/** Authenticators bound through Guice, and the 401/403 split of the security annotations. */
class AuthenticationIT {

    private static Served served;
    private static Http http;

    @BeforeAll
    static void start() {
        final JZenith app = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(SecuredResource.class)
                        .withProviders(FilterSeesUser.class, MarksResponses.class))
                .withModules(new AbstractModule() {
                    @Override
                    protected void configure() {
                        Authenticator.bind(binder()).to(TestAuthenticator.class);
                        Authenticator.bind(binder()).to(ApiKeyAuthenticator.class);
                    }
                })
                .start();
        served = new Served(app, new Http(app.instance(RestServer.class).port()));
        http = served.http();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void aUserInTheRoleIsServedWithTheirPrincipalAndRoles() {
        final HttpResponse<String> response = http.get("/secured/readers", "Authorization", "Test ada:reader,writer");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("ada via Test, writer: true");
    }

    @Test
    void noCredentialsOnAMethodThatNeedsAUserIs401WithEveryScheme() {
        final HttpResponse<String> response = http.get("/secured/readers");

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().allValues("WWW-Authenticate")).containsExactly("Test realm=\"tests\"", "ApiKey");
        assertThat(response.headers().firstValue("Content-Type")).contains("application/problem+json");
        assertThat(response.headers().firstValue("X-Filtered")).contains("yes");
        assertThat(response.body())
                .contains("\"status\":401")
                .contains("needs an authenticated user")
                .doesNotContain("Exception");
    }

    @Test
    void aUserInNoneOfTheRolesIs403WithoutAChallenge() {
        final HttpResponse<String> response = http.get("/secured/readers", "Authorization", "Test bob:writer");

        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.headers().firstValue("WWW-Authenticate")).isEmpty();
        assertThat(response.body()).contains("not in a role this resource allows");
    }

    @Test
    void denyAllIs403WithOrWithoutAUser() {
        assertThat(http.get("/secured/never").statusCode()).isEqualTo(403);
        assertThat(http.get("/secured/never", "Authorization", "Test ada:reader")
                        .statusCode())
                .isEqualTo(403);
    }

    @Test
    void openMethodsServeAnonymousRequests() {
        assertThat(http.get("/secured/open").body()).isEqualTo("anonymous");
        assertThat(http.get("/secured/plain").body()).isEqualTo("anonymous");
        assertThat(http.get("/secured/plain", "Authorization", "Test ada").body())
                .isEqualTo("ada via Test, writer: false");
    }

    @Test
    void credentialsThatDoNotHoldAre401EvenOnAnOpenMethod() {
        for (final String path : new String[] {"/secured/open", "/secured/plain", "/secured/readers"}) {
            final HttpResponse<String> response = http.get(path, "Authorization", "Test bad");

            assertThat(response.statusCode()).as(path).isEqualTo(401);
            assertThat(response.headers().allValues("WWW-Authenticate"))
                    .containsExactly(
                            "Test realm=\"tests\", error=\"invalid_token\", error_description=\"The \\\"token\\\" is bad\"");
            assertThat(response.body()).contains("The test token is bad");
            assertThat(response.headers().firstValue("X-Filtered")).as(path).contains("yes");
        }
    }

    @Test
    void anAuthenticatorMayAnswerLater() {
        final HttpResponse<String> response = http.get("/secured/readers", "Authorization", "Test later:ada:reader");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("ada via Test, writer: false");
    }

    @Test
    void theNextAuthenticatorIsAskedWhenOneFindsNoCredentialsOfItsScheme() {
        assertThat(http.get("/secured/readers", "X-Api-Key", "reader-key").body())
                .isEqualTo("robot via ApiKey, writer: false");
        final HttpResponse<String> unknown = http.get("/secured/open", "X-Api-Key", "other");
        assertThat(unknown.statusCode()).isEqualTo(401);
        assertThat(unknown.headers().allValues("WWW-Authenticate")).containsExactly("ApiKey");
    }

    @Test
    void theFirstAuthenticatorWithCredentialsDecides() {
        assertThat(http.get("/secured/readers", "Authorization", "Test ada:reader", "X-Api-Key", "other")
                        .statusCode())
                .isEqualTo(200);
    }

    @Test
    void aRequestFilterSeesTheUserAndMayReplaceTheContext() {
        assertThat(http.get("/secured/plain", "Authorization", "Test demoted:reader")
                        .body())
                .isEqualTo("anonymous");
        assertThat(http.get("/secured/readers", "Authorization", "Test demoted:reader")
                        .statusCode())
                .isEqualTo(401);
    }

    @Test
    void anAuthenticatorThatThrowsIsA500WithoutItsMessage() {
        final HttpResponse<String> response = http.get("/secured/open", "Authorization", "Test boom");

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.body()).doesNotContain("bug").doesNotContain("IllegalStateException");
    }

    @Test
    void builtInEndpointsAreNotAuthenticated() {
        assertThat(http.get("/health", "Authorization", "Test bad").statusCode())
                .isEqualTo(200);
    }
}
