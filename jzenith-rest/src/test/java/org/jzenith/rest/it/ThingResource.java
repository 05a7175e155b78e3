package org.jzenith.rest.it;

import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Single;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.common.annotation.RunOnVirtualThread;
import io.vertx.core.Future;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

@Path("/things")
@Produces(MediaType.APPLICATION_JSON)
public class ThingResource {

    public enum Sort {
        ASC,
        DESC
    }

    private final Greeter greeter;

    @Inject
    public ThingResource(final Greeter greeter) {
        this.greeter = greeter;
    }

    private static String thread() {
        final Thread current = Thread.currentThread();
        return current.isVirtual() ? "virtual" : current.getName();
    }

    @GET
    @Path("/{id}")
    public Single<Thing> single(@PathParam("id") final UUID id) {
        return Single.just(new Thing(id, greeter.greet("single"), thread()));
    }

    @GET
    @Path("/numbered/{n: [0-9]+}")
    public Thing plain(@PathParam("n") final int n) {
        return new Thing(new UUID(0, n), "plain " + n, thread());
    }

    @GET
    public Map<String, Object> list(
            @QueryParam("limit") @DefaultValue("10") @Min(1) @Max(100) final int limit,
            @QueryParam("tag") final List<String> tags,
            @QueryParam("sort") @DefaultValue("ASC") final Sort sort,
            @QueryParam("q") final Optional<String> query) {
        return Map.of("limit", limit, "tags", tags, "sort", sort.name(), "query", query.orElse("none"));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(@Valid final CreateThing request) {
        final UUID id = UUID.nameUUIDFromBytes(request.name().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return Response.created(URI.create("/things/" + id))
                .entity(new Thing(id, request.name(), thread()))
                .build();
    }

    @PUT
    @Path("/{id}")
    public CompletionStage<Thing> update(@PathParam("id") final UUID id, final CreateThing request) {
        final String thread = thread();
        return CompletableFuture.supplyAsync(() -> new Thing(id, request.name(), thread));
    }

    @PATCH
    @Path("/{id}")
    public Future<Thing> patch(@PathParam("id") final UUID id, final CreateThing request) {
        return Future.succeededFuture(new Thing(id, request.name(), thread()));
    }

    @DELETE
    @Path("/{id}")
    public void delete(@PathParam("id") final UUID id) {
        if (id.getMostSignificantBits() == 0) {
            throw new NoSuchThingException("No thing " + id);
        }
    }

    @GET
    @Path("/optional/{present}")
    public Optional<Thing> optional(@PathParam("present") final boolean present) {
        return present ? Optional.of(new Thing(new UUID(0, 1), "there", thread())) : Optional.empty();
    }

    @GET
    @Path("/maybe/{present}")
    public Maybe<Thing> maybe(@PathParam("present") final boolean present) {
        return present ? Maybe.just(new Thing(new UUID(0, 2), "maybe", thread())) : Maybe.empty();
    }

    @GET
    @Path("/completable")
    public Completable completable() {
        return Completable.complete();
    }

    @GET
    @Path("/flowable")
    public Flowable<Thing> flowable(@QueryParam("count") @DefaultValue("3") final int count) {
        return Flowable.range(0, count).map(i -> new Thing(new UUID(0, i), "item " + i, ""));
    }

    @GET
    @Path("/observable")
    public Observable<String> observable() {
        return Observable.just("a", "b");
    }

    @GET
    @Path("/observable/{count}")
    public Observable<Integer> observableOf(@PathParam("count") final int count) {
        return Observable.range(0, count);
    }

    @GET
    @Path("/flowable-failing")
    public Flowable<String> failingFlowable() {
        return Flowable.error(new NoSuchThingException("nothing to stream"));
    }

    @GET
    @Path("/missing")
    public Thing missing() {
        throw new NoSuchThingException("No thing here");
    }

    @GET
    @Path("/gone")
    public Single<Thing> gone() {
        return Single.error(new ThingGoneException("That thing is gone"));
    }

    @GET
    @Path("/boom")
    public Thing boom() {
        throw new IllegalStateException("secret internal detail");
    }

    @GET
    @Path("/downstream")
    public Thing downstream() {
        throw new DownstreamException("Connection refused: /10.1.2.3:5432");
    }

    @GET
    @Path("/conflict")
    public Thing conflict() {
        throw new WebApplicationException("Already there", 409);
    }

    @GET
    @Path("/echo")
    public Map<String, Object> echo(
            @HeaderParam("X-Number") final Optional<Integer> number,
            @CookieParam("session") final String session,
            @Context final HttpHeaders headers,
            @Context final UriInfo uri) {
        return Map.of(
                "number", number.map(String::valueOf).orElse("none"),
                "session", String.valueOf(session),
                "agent", String.valueOf(headers.getHeaderString("X-Agent")),
                "path", uri.getPath(),
                "query", uri.getQueryParameters().toString());
    }

    @POST
    @Path("/form")
    @Produces(MediaType.TEXT_PLAIN)
    public String form(@FormParam("name") final String name, @FormParam("count") final int count) {
        return name + " x" + count;
    }

    @GET
    @Path("/page")
    public Paging page(@BeanParam final Paging paging) {
        return paging;
    }

    @GET
    @Path("/text")
    @Produces(MediaType.TEXT_PLAIN)
    public String text() {
        return "plain text";
    }

    @GET
    @Path("/negotiated")
    @Produces({MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN})
    public String negotiated() {
        return "\"either\"";
    }

    @GET
    @Path("/threads/blocking")
    @Blocking
    public String blocking() {
        return "\"" + thread() + "\"";
    }

    @GET
    @Path("/threads/nonblocking")
    @NonBlocking
    public String nonBlocking() {
        return "\"" + thread() + "\"";
    }

    @GET
    @Path("/threads/virtual")
    @RunOnVirtualThread
    public Single<String> virtual() {
        return Single.just("\"" + thread() + "\"");
    }

    @GET
    @Path("/threads/set")
    public Set<String> set(@QueryParam("v") final Set<String> values) {
        return values;
    }
}
