package org.jzenith.benchmarks.quarkus;

import io.smallrye.common.annotation.NonBlocking;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code GET /users/{id}} and {@code POST /users} in memory, the like of jZenith's plain-methods app and
 * raw Vert.x's, for benchmarks/peers.sh; {@code @NonBlocking}, so on the event loop, as the Quarkus REST
 * guide advises for code that does not block.
 */
@Path("/users")
public class UsersResource {

    /** A user as the API shows it. */
    public record User(UUID id, String name) {}

    /** The body of {@code POST /users}. */
    public record CreateUser(String name) {}

    private final Map<UUID, User> users = new ConcurrentHashMap<>();

    @GET
    @Path("/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    @NonBlocking
    public Response get(@PathParam("id") final UUID id) {
        final User user = users.get(id);
        return user == null ? Response.status(404).build() : Response.ok(user).build();
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @NonBlocking
    public Response create(final CreateUser request) {
        if (request == null || request.name() == null || request.name().isBlank() || request.name().length() > 100) {
            return Response.status(400).build();
        }
        final User user = new User(UUID.randomUUID(), request.name());
        users.put(user.id(), user);
        return Response.created(URI.create("/users/" + user.id())).entity(user).build();
    }
}
