package org.jzenith.benchmarks.quarkus;

import io.quarkus.qute.Template;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The TechEmpower test types on Quarkus REST with the reactive PostgreSQL client. Methods that do
 * not block are marked {@code @NonBlocking} and run on the event loop, as the Quarkus REST guide
 * advises; the database methods return {@code Uni}, which Quarkus runs on the event loop too.
 */
@Path("/")
public class BenchmarkResource {

    private static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = $1";
    private static final String UPDATE_WORLD = "UPDATE world SET randomnumber = $1 WHERE id = $2";
    private static final String SELECT_FORTUNES = "SELECT id, message FROM fortune";

    @Inject
    Pool client;

    @Inject
    Template fortunes;

    @GET
    @Path("/plaintext")
    @Produces(MediaType.TEXT_PLAIN)
    @NonBlocking
    public String plaintext() {
        return "Hello, World!";
    }

    @GET
    @Path("/json")
    @Produces(MediaType.APPLICATION_JSON)
    @NonBlocking
    public Message json() {
        return new Message("Hello, World!");
    }

    @GET
    @Path("/db")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<World> db() {
        return randomWorld();
    }

    @GET
    @Path("/queries")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<List<World>> queries(@QueryParam("queries") final String queries) {
        return randomWorlds(count(queries));
    }

    @GET
    @Path("/updates")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<List<World>> updates(@QueryParam("queries") final String queries) {
        return randomWorlds(count(queries)).flatMap(worlds -> {
            final List<World> updated = new ArrayList<>(worlds.size());
            for (final World world : worlds) {
                updated.add(new World(world.id(), randomId()));
            }
            // Sorted by id so that concurrent batches lock rows in the same order.
            final List<Tuple> batch = updated.stream()
                    .sorted(Comparator.comparingInt(World::id))
                    .map(world -> Tuple.of(world.randomNumber(), world.id()))
                    .toList();
            return client.preparedQuery(UPDATE_WORLD).executeBatch(batch).replaceWith(updated);
        });
    }

    @GET
    @Path("/fortunes")
    @Produces(MediaType.TEXT_HTML + ";charset=utf-8")
    public Uni<String> fortunes() {
        return client.preparedQuery(SELECT_FORTUNES).execute().flatMap(rows -> {
            final List<Fortune> list = new ArrayList<>(rows.size() + 1);
            for (final Row row : rows) {
                list.add(new Fortune(row.getInteger(0), row.getString(1)));
            }
            list.add(new Fortune(0, "Additional fortune added at request time."));
            list.sort(Comparator.comparing(Fortune::message));
            return fortunes.data("fortunes", list).createUni();
        });
    }

    private Uni<World> randomWorld() {
        return client.preparedQuery(SELECT_WORLD).execute(Tuple.of(randomId())).map(rows -> {
            final Row row = rows.iterator().next();
            return new World(row.getInteger(0), row.getInteger(1));
        });
    }

    private Uni<List<World>> randomWorlds(final int count) {
        final List<Uni<World>> worlds = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            worlds.add(randomWorld());
        }
        return Uni.join().all(worlds).andFailFast();
    }

    private static int randomId() {
        return ThreadLocalRandom.current().nextInt(1, 10_001);
    }

    /** The {@code queries} parameter, clamped to 1..500; anything but an integer counts as 1. */
    static int count(final String queries) {
        if (queries == null) {
            return 1;
        }
        try {
            return Math.clamp(Integer.parseInt(queries.trim()), 1, 500);
        } catch (final NumberFormatException e) {
            return 1;
        }
    }
}
