package org.jzenith.test;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A response received by {@link TestClient}: status, headers and body, read in full.
 *
 * <pre>{@code
 * TestResponse response = client.get("/users/" + id);
 * assertThat(response.status()).isEqualTo(200);
 * assertThat(response.json().get("name").asText()).isEqualTo("Ada");
 * }</pre>
 */
public record TestResponse(int status, Map<String, List<String>> headers, String body, ObjectMapper mapper) {

    public TestResponse {
        headers = Map.copyOf(headers);
    }

    /** The first value of the header {@code name} (case-insensitive). */
    public Optional<String> header(final String name) {
        return headers.entrySet().stream()
                .filter(entry -> entry.getKey().equalsIgnoreCase(name))
                .flatMap(entry -> entry.getValue().stream())
                .findFirst();
    }

    /** The body as a JSON tree. */
    public JsonNode json() {
        try {
            return mapper.readTree(body);
        } catch (final JsonProcessingException e) {
            throw new AssertionError("The body is not JSON: " + body, e);
        }
    }

    /** The body read as JSON into {@code type}. */
    public <T> T as(final Class<T> type) {
        try {
            return mapper.readValue(body, type);
        } catch (final JsonProcessingException e) {
            throw new AssertionError("The body is not a " + type.getSimpleName() + ": " + body, e);
        }
    }
}
