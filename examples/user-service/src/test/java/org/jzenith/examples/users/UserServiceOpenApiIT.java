package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.swagger.v3.oas.models.OpenAPI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestClient;

/** The user service's OpenAPI document: valid, and what a client generator needs from it. */
class UserServiceOpenApiIT {

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("jdbc.embedded.directory", () -> temporaryFolder());

    @Test
    void theDocumentIsValidInBothForms(final TestClient client) throws Exception {
        final OpenAPI json = OpenApiDocuments.valid(client.get("/openapi.json").body());
        final OpenAPI yaml = OpenApiDocuments.valid(client.get("/openapi.yaml").body());
        assertThat(yaml).isEqualTo(json);
        assertThat(json.getPaths()).containsOnlyKeys("/users", "/users/{id}");
        assertThat(json.getPaths().get("/users").readOperations()).hasSize(2);
        assertThat(json.getPaths().get("/users/{id}").readOperations()).hasSize(3);
    }

    @Test
    void bodiesCarryTheirConstraints(final TestClient client) throws Exception {
        final JsonNode document =
                new ObjectMapper().readTree(client.get("/openapi.json").body());
        final JsonNode request = document.at("/components/schemas/UserRequest");
        assertThat(request.at("/required").toString()).isEqualTo("[\"name\"]");
        assertThat(request.at("/properties/name/minLength").asInt()).isEqualTo(1);
        assertThat(request.at("/properties/name/maxLength").asInt()).isEqualTo(100);
        assertThat(document.at("/components/schemas/UserResponse/properties/id/format")
                        .asText())
                .isEqualTo("uuid");
        assertThat(document.at("/components/schemas/UserPage/properties/items/items/$ref")
                        .asText())
                .isEqualTo("#/components/schemas/UserResponse");
        final JsonNode list = document.at("/paths/~1users/get/parameters");
        assertThat(list.get(0).toString())
                .isEqualTo("{\"name\":\"offset\",\"in\":\"query\",\"required\":false,\"schema\":"
                        + "{\"type\":\"integer\",\"format\":\"int32\",\"minimum\":0,\"default\":0}}");
        assertThat(list.get(1).at("/schema/maximum").asInt()).isEqualTo(100);
    }

    @Test
    void createAnswers201AndProblems(final TestClient client) throws Exception {
        final JsonNode document =
                new ObjectMapper().readTree(client.get("/openapi.json").body());
        final JsonNode create = document.at("/paths/~1users/post");
        assertThat(create.at("/summary").asText()).isEqualTo("Creates a user");
        assertThat(create.at("/responses").fieldNames())
                .toIterable()
                .containsExactly("201", "400", "401", "403", "503");
        assertThat(create.at("/responses/201/content/application~1json/schema/$ref")
                        .asText())
                .isEqualTo("#/components/schemas/UserResponse");
        assertThat(create.at("/responses/400/content/application~1problem+json/schema/$ref")
                        .asText())
                .isEqualTo("#/components/schemas/Problem");
        assertThat(create.at("/requestBody/required").asBoolean()).isTrue();
        // NoSuchUserException maps to 404: an operation addressed by an id may answer it.
        assertThat(document.at("/paths/~1users~1{id}/get/responses").has("404")).isTrue();
        assertThat(document.at("/paths/~1users~1{id}/delete/responses").has("204"))
                .isTrue();
        // user.security=none binds an authenticator whose scheme OpenAPI cannot describe.
        assertThat(document.at("/components").has("securitySchemes")).isFalse();
    }

    private static Path temporaryFolder() {
        try {
            return Files.createTempDirectory("user-service-openapi");
        } catch (final java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
