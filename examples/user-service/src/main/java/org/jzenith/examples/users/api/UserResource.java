package org.jzenith.examples.users.api;

import io.reactivex.rxjava3.core.Single;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.UUID;
import org.jzenith.examples.users.service.User;
import org.jzenith.examples.users.service.UserService;

/**
 * CRUD on users. Reading methods return {@link Single} and run on the event loop; writing methods
 * return plain values and run on virtual threads, where the blocking service calls are fine.
 */
@Path("/users")
@Produces(MediaType.APPLICATION_JSON)
public class UserResource {

    /** The role that may create, change and delete users. */
    public static final String ADMIN = "user-admin";

    private final UserService users;

    @Inject
    public UserResource(final UserService users) {
        this.users = users;
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "One user")
    public Single<UserResponse> get(@PathParam("id") final UUID id) {
        return users.get(id).map(UserResponse::of);
    }

    @GET
    @Operation(summary = "A page of users, oldest first")
    public Single<UserPage> list(
            @QueryParam("offset") @DefaultValue("0") @Min(0) final int offset,
            @QueryParam("limit") @DefaultValue("20") @Min(1) @Max(100) final int limit) {
        return users.list(offset, limit).map(UserPage::of);
    }

    @POST
    @RolesAllowed(UserResource.ADMIN)
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Creates a user")
    // A Response's status and entity are decided at run time: the OpenAPI document learns them here.
    @ApiResponse(
            responseCode = "201",
            description = "Created; Location names the new user",
            content = @Content(schema = @Schema(implementation = UserResponse.class)))
    public Response create(@NotNull @Valid final UserRequest request) {
        final User user = users.create(request.name());
        return Response.created(URI.create("/users/" + user.id()))
                .entity(UserResponse.of(user))
                .build();
    }

    @PUT
    @RolesAllowed(UserResource.ADMIN)
    @Path("/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Renames a user")
    public UserResponse update(@PathParam("id") final UUID id, @NotNull @Valid final UserRequest request) {
        return UserResponse.of(users.rename(id, request.name()));
    }

    @DELETE
    @RolesAllowed(UserResource.ADMIN)
    @Path("/{id}")
    @Operation(summary = "Deletes a user")
    public void delete(@PathParam("id") final UUID id) {
        users.delete(id);
    }
}
