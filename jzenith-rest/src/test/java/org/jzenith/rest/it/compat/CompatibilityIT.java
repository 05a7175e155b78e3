package org.jzenith.rest.it.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;
import org.jzenith.rest.it.Http;

/** Resources written for Jersey and Dropwizard run unchanged, and what would answer wrongly is refused. */
class CompatibilityIT {

    @Test
    void aResourceWithOnePublicConstructorAndClassLevelConsumesServesGetsWithoutABody() {
        final JZenith app = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(DropwizardStyleResource.class))
                .start();
        try {
            final Http http = new Http(app.instance(RestServer.class).port());

            final HttpResponse<String> get = http.get("/dropwizard/Ada");
            assertThat(get.statusCode()).isEqualTo(200);
            assertThat(get.body()).isEqualTo("\"Hello, Ada!\"");
            final HttpResponse<String> post =
                    http.send("POST", "/dropwizard", "\"body\"", "Content-Type", "application/json");
            assertThat(post.statusCode()).isEqualTo(200);
            assertThat(http.send("POST", "/dropwizard", "body", "Content-Type", "text/plain")
                            .statusCode())
                    .as("@Consumes still applies to a body")
                    .isEqualTo(415);
        } finally {
            app.stop();
        }
    }

    @Test
    void returnTypesAndParametersThatWouldAnswerWronglyAreRefusedAtStartUp() {
        final JZenith app = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(UnsupportedAsyncResource.class));

        assertThatThrownBy(app::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining(
                        "UnsupportedAsyncResource.names returns com.google.common.util.concurrent.ListenableFuture, an"
                                + " asynchronous type jZenith does not subscribe to");
    }
}
