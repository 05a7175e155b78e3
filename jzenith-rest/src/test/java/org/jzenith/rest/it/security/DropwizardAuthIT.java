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
import org.jzenith.rest.security.Authenticator;

/**
 * Dropwizard's {@code @Auth} (dropwizard-auth: "@Auth annotation ... to inject the authenticated
 * principal"; a plain parameter requires authentication, an {@code Optional} one does not) read as
 * the request's user, whichever {@code Authenticator} made it.
 */
class DropwizardAuthIT {

    private static JZenith app;
    private static Http http;

    @BeforeAll
    static void start() {
        app = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(DropwizardAuthResource.class))
                .withModules(new AbstractModule() {
                    @Override
                    protected void configure() {
                        Authenticator.bind(binder()).to(TestAuthenticator.class);
                    }
                })
                .start();
        http = new Http(app.instance(RestServer.class).port());
    }

    @AfterAll
    static void stop() {
        app.stop();
    }

    @Test
    void anAuthParameterIsTheRequestsUser() {
        final HttpResponse<String> response = http.get("/dropwizard/me", "Authorization", "Test ada:reader");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("ada");
    }

    @Test
    void aPlainAuthParameterNeedsAUserAsDropwizardsFilterDoes() {
        final HttpResponse<String> response = http.get("/dropwizard/me");

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.headers().allValues("WWW-Authenticate")).contains("Test realm=\"tests\"");
    }

    @Test
    void anOptionalAuthParameterIsEmptyWithoutAUser() {
        assertThat(http.get("/dropwizard/maybe").body()).isEqualTo("anonymous");
        assertThat(http.get("/dropwizard/maybe", "Authorization", "Test bob:reader")
                        .body())
                .isEqualTo("bob");
    }

    @Test
    void rolesAllowedStillDecidesBesideAuth() {
        assertThat(http.get("/dropwizard/writers", "Authorization", "Test ada:reader")
                        .statusCode())
                .isEqualTo(403);
        assertThat(http.get("/dropwizard/writers", "Authorization", "Test ada:writer")
                        .body())
                .isEqualTo("ada writes");
    }
}
