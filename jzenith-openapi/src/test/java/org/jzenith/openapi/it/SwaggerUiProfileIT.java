package org.jzenith.openapi.it;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.openapi.OpenApiPlugin;
import org.jzenith.rest.RestPlugin;
import org.jzenith.test.TestClient;

/** In the {@code prod} profile Swagger UI is served only when {@code rest.openapi.swagger-ui} asks for it. */
class SwaggerUiProfileIT {

    @Test
    void inProdSwaggerUiIsOffAndTheDocumentStays() {
        final JZenith app = start("--jzenith.profile=prod");
        try {
            final TestClient api = TestClient.of(app);
            assertThat(api.get("/swagger-ui/").status()).isEqualTo(404);
            assertThat(api.get("/swagger-ui/swagger-ui-bundle.js").status()).isEqualTo(404);
            assertThat(api.get("/openapi.json").status()).isEqualTo(200);
        } finally {
            app.stop();
        }
    }

    @Test
    void inProdSwaggerUiCanBeAskedFor() {
        final JZenith app = start("--jzenith.profile=prod", "--rest.openapi.swagger-ui=true");
        try {
            assertThat(TestClient.of(app).get("/swagger-ui/").status()).isEqualTo(200);
        } finally {
            app.stop();
        }
    }

    @Test
    void elsewhereSwaggerUiCanBeTurnedOff() {
        final JZenith app = start("--jzenith.profile=dev", "--rest.openapi.swagger-ui=false");
        try {
            final TestClient api = TestClient.of(app);
            assertThat(api.get("/swagger-ui/").status()).isEqualTo(404);
            assertThat(api.get("/openapi.json").status()).isEqualTo(200);
        } finally {
            app.stop();
        }
    }

    private static JZenith start(final String... args) {
        final String[] all = new String[args.length + 1];
        all[0] = "--rest.port=0";
        System.arraycopy(args, 0, all, 1, args.length);
        return JZenith.application(all)
                .withPlugins(RestPlugin.withResources(CatalogResource.class), OpenApiPlugin.create())
                .start();
    }
}
