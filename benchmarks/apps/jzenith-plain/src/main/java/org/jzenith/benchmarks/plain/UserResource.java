package org.jzenith.benchmarks.plain;

import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.Optional;
import java.util.UUID;

/** Users kept in memory: read one by id (404 when unknown), create one from a validated body. */
@Path("/users")
@Produces(MediaType.APPLICATION_JSON)
public class UserResource {

    /** A user as the API shows it. */
    public record User(UUID id, String name) {}

    /** The body of {@code POST /users}. */
    public record CreateUser(@NotBlank @Size(max = 100) String name) {}

    private final Users users;

    @Inject
    public UserResource(final Users users) {
        this.users = users;
    }

    @GET
    @Path("/{id}")
    public Optional<User> get(@PathParam("id") final UUID id) {
        return users.find(id);
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(@Valid final CreateUser request) {
        final User user = users.create(request.name());
        return Response.created(URI.create("/users/" + user.id())).entity(user).build();
    }
}
