package org.jzenith.benchmarks.micronaut;

import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.serde.annotation.Serdeable;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code GET /users/{id}} and {@code POST /users} in memory, the like of jZenith's plain-methods app and
 * raw Vert.x's, for benchmarks/peers.sh; non-blocking, so on the Netty event loop, Micronaut's default.
 */
@Controller("/users")
public class UsersController {

    /** A user as the API shows it. */
    @Serdeable
    public record User(UUID id, String name) {}

    /** The body of {@code POST /users}. */
    @Serdeable
    public record CreateUser(String name) {}

    private final Map<UUID, User> users = new ConcurrentHashMap<>();

    @Get(value = "/{id}", produces = MediaType.APPLICATION_JSON)
    public Optional<User> get(final UUID id) {
        return Optional.ofNullable(users.get(id)); // empty: 404
    }

    @Post(consumes = MediaType.APPLICATION_JSON, produces = MediaType.APPLICATION_JSON)
    public HttpResponse<User> create(@Body final CreateUser request) {
        if (request.name() == null || request.name().isBlank() || request.name().length() > 100) {
            return HttpResponse.badRequest();
        }
        final User user = new User(UUID.randomUUID(), request.name());
        users.put(user.id(), user);
        return HttpResponse.created(user, URI.create("/users/" + user.id()));
    }
}
