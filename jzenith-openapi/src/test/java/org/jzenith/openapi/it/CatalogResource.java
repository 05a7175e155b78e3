package org.jzenith.openapi.it;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Single;
import io.smallrye.mutiny.Uni;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Every shape the OpenAPI document describes: bodies, generics, reactive types, constraints, access. */
@Path("/catalog")
@Produces(MediaType.APPLICATION_JSON)
public class CatalogResource {

    public enum Colour {
        RED,
        GREEN
    }

    /** A product: Jackson's names and ignored properties, constraints, nested and generic types. */
    public record Product(
            UUID id,

            @JsonProperty("product_name") @NotBlank @Size(max = 80)
            String name,

            @NotNull @DecimalMin("0.01") BigDecimal price,
            @Email String contact,
            @Pattern(regexp = "[A-Z]{3}") String code,
            Optional<String> note,
            Set<String> labels,
            Map<String, Integer> stock,
            Colour colour,
            Instant created,
            @JsonIgnore String secret) {}

    public record Page<T>(List<T> items, @Min(0) int offset, long total) {}

    public record Filter(
            @QueryParam("colour") Optional<Colour> colour,
            @HeaderParam("X-Tenant") @NotNull String tenant) {}

    @GET
    public Single<Page<Product>> list(
            @QueryParam("limit") @DefaultValue("20") @Min(1) @Max(100) final int limit,
            @BeanParam final Filter filter,
            @CookieParam("session") final Optional<String> session) {
        return Single.never();
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "One product", description = "The product with this id", tags = "products")
    public Maybe<Product> get(@PathParam("id") final UUID id) {
        return Maybe.empty();
    }

    @GET
    @Path("/by-code/{code: [A-Z]{3}}")
    public CompletionStage<Optional<Product>> byCode(@PathParam("code") final String code) {
        return CompletableFuture.completedFuture(Optional.empty());
    }

    @GET
    @Path("/count")
    public Uni<Long> count() {
        return Uni.createFrom().item(0L);
    }

    @POST
    @RolesAllowed("admin")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "createProduct")
    @ApiResponse(
            responseCode = "201",
            description = "Created",
            content = @Content(schema = @Schema(implementation = Product.class)))
    public Response create(@NotNull @Valid final Product product) {
        return Response.status(201).entity(product).build();
    }

    @DELETE
    @RolesAllowed("admin")
    @Path("/{id}")
    public void delete(@PathParam("id") final UUID id) {}
}
