package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.examples.users.client.ApiClient;
import org.jzenith.examples.users.client.ApiException;
import org.jzenith.examples.users.client.api.UserResourceApi;
import org.jzenith.examples.users.client.model.UserPage;
import org.jzenith.examples.users.client.model.UserRequest;
import org.jzenith.examples.users.client.model.UserResponse;
import org.jzenith.test.JZenithExtension;

/**
 * CRUD through the Java client openapi-generator made in this build from the service's own OpenAPI
 * document (see the module's pom): what a user of the service gets from {@code /openapi.json}.
 */
class UserServiceClientIT {

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("jdbc.embedded.directory", () -> temporaryFolder());

    @Test
    void createReadListUpdateDeleteThroughTheGeneratedClient() throws ApiException {
        final UserResourceApi users = new UserResourceApi(client());

        final UserResponse created = users.create(new UserRequest().name("Ada Lovelace"));
        assertThat(created.getName()).isEqualTo("Ada Lovelace");
        assertThat(created.getId()).isNotNull();

        assertThat(users.get(created.getId())).isEqualTo(created);
        final UserPage page = users.callList(0, 100);
        assertThat(page.getItems()).contains(created);
        assertThat(page.getLimit()).isEqualTo(100);

        final UserResponse renamed = users.update(created.getId(), new UserRequest().name("Ada King"));
        assertThat(renamed.getName()).isEqualTo("Ada King");
        assertThat(users.get(created.getId()).getName()).isEqualTo("Ada King");

        users.delete(created.getId());
        assertThatThrownBy(() -> users.get(created.getId())).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.getCode()).isEqualTo(404);
            assertThat(e.getResponseBody()).contains("\"status\":404");
        });
    }

    @Test
    void aConstraintBrokenIsA400WithTheProblem() {
        final UserResourceApi users = new UserResourceApi(client());

        assertThatThrownBy(() -> users.create(new UserRequest().name(" ")))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.getCode()).isEqualTo(400);
                    assertThat(e.getResponseBody()).contains("\"field\":\"name\"");
                });
    }

    /**
     * The generated client, bound to the service, as it is. For {@code DELETE}, whose only bodies are
     * problems, it sends {@code Accept: application/problem+json}: the method answers without a body,
     * so the server does not refuse that Accept with 406 for the class's {@code @Produces} JSON.
     */
    private static ApiClient client() {
        final ApiClient client = new ApiClient();
        client.updateBaseUri(APP.client().baseUri().toString());
        return client;
    }

    private static Path temporaryFolder() {
        try {
            return Files.createTempDirectory("user-service-client");
        } catch (final java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
