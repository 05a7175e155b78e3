package org.jzenith.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;

class JZenithExtensionTest {

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(
                    args -> JZenith.application(args).withPlugins(RestPlugin.withResources(EchoResource.class)))
            .withConfiguration("jzenith.event-loops", 1);

    @Test
    void bootsOnAFreePortWithTheOverrides(final JZenith app, final TestClient client) {
        assertThat(app.instance(RestServer.class).port()).isPositive().isNotEqualTo(8080);
        assertThat(client.baseUri().toString())
                .endsWith(":" + app.instance(RestServer.class).port());
        assertThat(app.instance(CoreConfiguration.class).eventLoops()).hasValue(1);
    }

    @Test
    void theClientSpeaksJson(final TestClient client) {
        final TestResponse get = client.get("/echo/hello");
        assertThat(get.status()).isEqualTo(200);
        assertThat(get.header("content-type")).contains("application/json");
        assertThat(get.json().get("word").asText()).isEqualTo("hello");

        final TestResponse post = client.post("/echo", Map.of("answer", 42));
        assertThat(post.json().get("answer").asInt()).isEqualTo(42);
    }
}
