package org.jzenith.openapi.it;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.openapi.OpenApiPlugin;
import org.jzenith.rest.RestPlugin;
import org.jzenith.rest.RestServer;
import org.jzenith.test.TestClient;

/** With {@code management.port} the document and Swagger UI move there; without it, they can be turned off. */
class OpenApiManagementPortIT {

    private static JZenith app;
    private static JZenith off;

    @BeforeAll
    static void start() {
        app = JZenith.application("--rest.port=0", "--management.port=0")
                .withPlugins(RestPlugin.withResources(CatalogResource.class), OpenApiPlugin.create())
                .start();
        off = JZenith.application("--rest.port=0", "--rest.openapi.enabled=false")
                .withPlugins(RestPlugin.withResources(CatalogResource.class), OpenApiPlugin.create())
                .start();
    }

    @AfterAll
    static void stop() {
        app.stop();
        off.stop();
    }

    @Test
    void theDocumentAndSwaggerUiAnswerOnTheManagementPortOnly() {
        final RestServer server = app.instance(RestServer.class);
        final TestClient api = TestClient.of(app);
        final TestClient management = TestClient.ofManagement(app);
        assertThat(management.get("/openapi.json").status()).isEqualTo(200);
        assertThat(management.get("/openapi.yaml").status()).isEqualTo(200);
        assertThat(management.get("/swagger-ui/").status()).isEqualTo(200);
        assertThat(api.get("/openapi.json").status()).isEqualTo(404);
        assertThat(api.get("/swagger-ui/").status()).isEqualTo(404);
        // Without an authenticator, there is no scheme to describe.
        assertThat(management.get("/openapi.json").body()).doesNotContain("securitySchemes");
        // Swagger UI's "Try it out" must call the API, not the port the document came from.
        assertThat(management.get("/openapi.json").body())
                .contains("\"url\" : \"http://{host}:" + server.port() + "\"")
                .contains("\"default\" : \"localhost\"");
        assertThat(OpenApiIT.valid(management.get("/openapi.json").body()).getServers())
                .singleElement()
                .satisfies(entry -> assertThat(entry.getVariables()).containsKey("host"));
    }

    @Test
    void turnedOffThereIsNoDocument() {
        final TestClient api = TestClient.of(off);
        assertThat(api.get("/openapi.json").status()).isEqualTo(404);
        assertThat(api.get("/swagger-ui/").status()).isEqualTo(404);
    }
}
