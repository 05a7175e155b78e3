package org.jzenith.docs.rest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestClient;

/** docs/rest.md's OpenAPI snippet serves the document it says, titled as it says. */
class OpenApiSnippetsIT {

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(OpenApiPlugins::documented);

    @Test
    void theDocumentIsServedWithItsTitle(final TestClient client) {
        assertThat(client.get("/openapi.json").json().at("/info/title").asText())
                .isEqualTo("User service");
        assertThat(client.get("/openapi.yaml").status()).isEqualTo(200);
    }
}
