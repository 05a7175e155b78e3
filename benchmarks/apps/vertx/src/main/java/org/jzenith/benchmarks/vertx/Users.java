package org.jzenith.benchmarks.vertx;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * {@code GET /users/{id}} and {@code POST /users} by hand, the like of jZenith's plain-methods app
 * ({@code apps/jzenith-plain}): users in memory, the newest 10,000 kept, a body's {@code name}
 * checked as {@code @NotBlank @Size(max = 100)} would, problems as JSON.
 */
final class Users {

    private static final int CAPACITY = 10_000;

    private record User(UUID id, String name) {
        Buffer json() {
            return new JsonObject().put("id", id.toString()).put("name", name).toBuffer();
        }
    }

    /** Shared by every verticle (event loop). */
    private static final Map<UUID, User> USERS = Collections.synchronizedMap(new LinkedHashMap<>(CAPACITY * 4 / 3 + 1) {
        @Override
        protected boolean removeEldestEntry(final Map.Entry<UUID, User> eldest) {
            return size() > CAPACITY;
        }
    });

    private Users() {}

    /** The user with the id in {@code path} ({@code /users/ID}), or a 404 (unknown) or 400 (not a UUID) problem. */
    static Answer get(final String path) {
        final UUID id;
        try {
            id = UUID.fromString(path.substring("/users/".length()));
        } catch (final IllegalArgumentException e) {
            return Answer.problem(400, "The id is not a UUID");
        }
        final User user = USERS.get(id);
        return user == null ? Answer.problem(404, "No user " + id) : new Answer(200, user.json(), null);
    }

    /** Creates a user from a JSON body {@code {"name":"..."}}. */
    static Answer create(final Buffer body) {
        final Object name;
        try {
            name = new JsonObject(body).getValue("name");
        } catch (final DecodeException | ClassCastException e) {
            return Answer.problem(400, "The body is not a JSON object");
        }
        if (!(name instanceof String text) || text.isBlank() || text.length() > 100) {
            return Answer.problem(400, "name: must not be blank and at most 100 characters");
        }
        final User user = new User(UUID.randomUUID(), text);
        USERS.put(user.id(), user);
        return new Answer(201, user.json(), "/users/" + user.id());
    }

    /** A status, a JSON body and, for a created user, its location. */
    record Answer(int status, Buffer body, String location) {
        static Answer problem(final int status, final String detail) {
            return new Answer(status, new JsonObject().put("status", status).put("detail", detail).toBuffer(), null);
        }
    }
}
