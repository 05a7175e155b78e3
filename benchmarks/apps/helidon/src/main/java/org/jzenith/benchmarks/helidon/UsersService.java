package org.jzenith.benchmarks.helidon;

import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import jakarta.json.Json;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonObject;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code GET /users/{id}} and {@code POST /users} in memory, the like of jZenith's plain-methods app and
 * raw Vert.x's, for benchmarks/peers.sh: JSON-P, as the rest of this app, on Helidon's virtual threads.
 */
final class UsersService implements HttpService {

    private static final JsonBuilderFactory JSON = Json.createBuilderFactory(Map.of());

    private final Map<UUID, String> users = new ConcurrentHashMap<>();

    @Override
    public void routing(final HttpRules rules) {
        rules.get("/{id}", this::get).post(this::create);
    }

    private void get(final ServerRequest request, final ServerResponse response) {
        final UUID id;
        try {
            id = UUID.fromString(request.path().pathParameters().get("id"));
        } catch (final IllegalArgumentException notUuid) {
            response.status(Status.BAD_REQUEST_400).send();
            return;
        }
        final String name = users.get(id);
        if (name == null) {
            response.status(Status.NOT_FOUND_404).send();
        } else {
            response.send(user(id, name));
        }
    }

    private void create(final ServerRequest request, final ServerResponse response) {
        final JsonObject body = request.content().as(JsonObject.class);
        final String name = body.getString("name", "");
        if (name.isBlank() || name.length() > 100) {
            response.status(Status.BAD_REQUEST_400).send();
            return;
        }
        final UUID id = UUID.randomUUID();
        users.put(id, name);
        response.status(Status.CREATED_201).header("Location", "/users/" + id).send(user(id, name));
    }

    private static JsonObject user(final UUID id, final String name) {
        return JSON.createObjectBuilder().add("id", id.toString()).add("name", name).build();
    }
}
