package org.jzenith.docs.readme;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.UUID;

// spotless:off: laid out as the docs show it (see the pom), to the end of the file

/** docs/rest.md, "OpenAPI and Swagger UI with the user service": what Swagger's annotations add to the generated document. */
@Path("/users")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class DocumentedUserResource {

    /** What a client sends to create a user. */
    public record UserRequest(@NotBlank String name) {}

    /** A user as the API shows it. */
    public record UserResponse(UUID id, String name) {}

    // tag::create[]
    @POST
    @Operation(summary = "Creates a user")
    @ApiResponse(
            responseCode = "201",
            description = "Created; Location names the new user",
            content = @Content(schema = @Schema(implementation = UserResponse.class)))
    public Response create(@NotNull @Valid final UserRequest request) {
        final UserResponse user = new UserResponse(UUID.randomUUID(), request.name());
        return Response.created(URI.create("/users/" + user.id())).entity(user).build();
    }
    // end::create[]
}
