package org.jzenith.rest.it.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.AbstractModule;
import java.net.http.HttpResponse;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.security.IdentityStore;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;
import org.jzenith.rest.it.Http;
import org.jzenith.rest.security.BasicAuthentication;

/**
 * RFC 7617, §2.1: the {@code charset} auth-param of the Basic challenge is OPTIONAL ("The only
 * allowed value is 'UTF-8'"). jZenith leaves it out unless the application asks for it, as clients
 * and tests compare the header exactly.
 */
class BasicChallengeIT {

    private static String challenge(final BasicAuthentication basic) {
        final JZenith app = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(SecuredResource.class))
                .withModules(basic, new AbstractModule() {
                    @Override
                    protected void configure() {
                        bind(IdentityStore.class).toInstance((name, password) -> Optional.empty());
                    }
                })
                .start();
        try {
            final HttpResponse<String> response =
                    new Http(app.instance(RestServer.class).port()).get("/secured/readers");
            assertThat(response.statusCode()).isEqualTo(401);
            return response.headers().firstValue("WWW-Authenticate").orElseThrow();
        } finally {
            app.stop();
        }
    }

    @Test
    void theChallengeNamesNoCharsetByDefault() {
        assertThat(challenge(BasicAuthentication.realm("shop"))).isEqualTo("Basic realm=\"shop\"");
    }

    @Test
    void theChallengeNamesUtf8WhenTheApplicationAsks() {
        assertThat(challenge(BasicAuthentication.realm("shop").withCharsetUtf8()))
                .isEqualTo("Basic realm=\"shop\", charset=\"UTF-8\"");
    }
}
