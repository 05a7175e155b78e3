package org.jzenith.openapi.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.jzenith.core.JZenith;
import org.jzenith.core.configuration.ConfigurationException;
import org.jzenith.openapi.OpenApiPlugin;
import org.jzenith.rest.RestPlugin;
import org.jzenith.test.StartupFailures;
import org.jzenith.test.TestClient;

/**
 * The document is the OpenAPI plugin's: a REST service without it serves none, the plugin without
 * the REST plugin refuses to start saying what is missing, and its settings are checked at start-up.
 */
class OpenApiPluginIT {

    @Test
    void aRestServiceWithoutTheOpenApiPluginServesNoDocument() {
        final JZenith app = JZenith.application("--rest.port=0")
                .withPlugins(RestPlugin.withResources(CatalogResource.class))
                .start();
        try {
            final TestClient api = TestClient.of(app);
            assertThat(api.get("/openapi.json").status()).isEqualTo(404);
            assertThat(api.get("/openapi.yaml").status()).isEqualTo(404);
            assertThat(api.get("/swagger-ui/").status()).isEqualTo(404);
            assertThat(api.get("/catalog/count").status()).isEqualTo(200);
        } finally {
            app.stop();
        }
    }

    @Test
    void withoutTheRestPluginStartUpFailsNamingIt() {
        final RuntimeException failure = StartupFailures.assertRefusesToStart(
                JZenith.application().withPlugins(OpenApiPlugin.create()), "RestPlugin");
        assertThat(failure).hasMessageContaining("add RestPlugin.withResources(...) to withPlugins");
    }

    @Test
    void aBlankTitleAndVersionAreReportedTogetherWithWhereTheyCameFrom() {
        final JZenith app = JZenith.application("--rest.port=0", "--rest.openapi.title= ", "--rest.openapi.version= ")
                .withPlugins(RestPlugin.withResources(CatalogResource.class), OpenApiPlugin.create());

        assertThatThrownBy(app::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("The configuration has 2 problems:")
                .hasMessageContaining("rest.openapi.title (command line): \" \" is not valid: expected a title for the"
                        + " document, such as rest.openapi.title=Orders")
                .hasMessageContaining("rest.openapi.version (command line)")
                .hasMessageContaining("expected the API's version for the document, such as rest.openapi.version=1.0");
    }

    @Test
    void theSettingsOfTheDocumentWithoutThePluginAreUnknownKeys() {
        final RuntimeException failure = StartupFailures.assertRefusesToStart(
                JZenith.application("--rest.port=0", "--rest.openapi.title=Catalog")
                        .withPlugins(RestPlugin.withResources(CatalogResource.class)),
                "rest.openapi.title");
        assertThat(failure).hasMessageContaining("unknown key");
    }
}
