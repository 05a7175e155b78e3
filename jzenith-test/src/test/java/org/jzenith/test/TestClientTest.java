package org.jzenith.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;

/** A client for an application the test started itself, on its REST port or its management port. */
class TestClientTest {

    @Test
    void reachesTheRestAndTheManagementPortOfAnApplicationStartedByHand() {
        final JZenith app = JZenith.application("--rest.port=0", "--management.port=0")
                .withPlugins(RestPlugin.withResources(EchoResource.class))
                .start();
        try {
            final TestClient api = TestClient.of(app);
            final TestClient management = TestClient.ofManagement(app);

            assertThat(api.baseUri().getPort())
                    .isEqualTo(app.instance(RestServer.class).port());
            assertThat(api.get("/echo/hello").json().get("word").asText()).isEqualTo("hello");
            assertThat(management.get("/health").status()).isEqualTo(200);
            assertThat(api.get("/health").status()).isEqualTo(404);
        } finally {
            app.stop();
        }
    }

    @Test
    void withoutTheRestPluginOrAManagementPortItSaysWhatIsMissing() {
        final JZenith withoutRest = JZenith.application().start();
        try {
            assertThatIllegalStateException()
                    .isThrownBy(() -> TestClient.of(withoutRest))
                    .withMessageContaining("has no REST plugin");
        } finally {
            withoutRest.stop();
        }
        final JZenith plain = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(EchoResource.class))
                .start();
        try {
            assertThatIllegalStateException()
                    .isThrownBy(() -> TestClient.ofManagement(plain))
                    .withMessageContaining("set management.port");
        } finally {
            plain.stop();
        }
    }
}
