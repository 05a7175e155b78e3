package org.jzenith.benchmarks.dropwizard;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.PreparedBatch;

/** The TechEmpower test types as one Jersey resource. */
@Path("/")
public class BenchmarkResource {

    private static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = ?";
    private static final String SELECT_FORTUNE = "SELECT id, message FROM fortune";
    private static final String UPDATE_WORLD = "UPDATE world SET randomnumber = ? WHERE id = ?";

    public record Message(String message) {}

    public record World(int id, int randomNumber) {}

    public record Fortune(int id, String message) {}

    private final Jdbi jdbi;

    public BenchmarkResource(final Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    @GET
    @Path("plaintext")
    @Produces(MediaType.TEXT_PLAIN)
    public String plaintext() {
        return "Hello, World!";
    }

    @GET
    @Path("json")
    @Produces(MediaType.APPLICATION_JSON)
    public Message json() {
        return new Message("Hello, World!");
    }

    @GET
    @Path("db")
    @Produces(MediaType.APPLICATION_JSON)
    public World db() {
        return jdbi.withHandle(handle -> readWorld(handle, randomWorld()));
    }

    @GET
    @Path("queries")
    @Produces(MediaType.APPLICATION_JSON)
    public World[] queries(@QueryParam("queries") final String queries) {
        final int count = queryCount(queries);
        return jdbi.withHandle(handle -> {
            final World[] worlds = new World[count];
            for (int i = 0; i < count; i++) {
                worlds[i] = readWorld(handle, randomWorld());
            }
            return worlds;
        });
    }

    @GET
    @Path("updates")
    @Produces(MediaType.APPLICATION_JSON)
    public World[] updates(@QueryParam("queries") final String queries) {
        final int count = queryCount(queries);
        return jdbi.withHandle(handle -> {
            final World[] worlds = new World[count];
            for (int i = 0; i < count; i++) {
                worlds[i] = new World(readWorld(handle, randomWorld()).id(), randomWorld());
            }
            // Sorted by id, so that concurrent batches lock rows in one order.
            final World[] sorted = worlds.clone();
            Arrays.sort(sorted, Comparator.comparingInt(World::id));
            final PreparedBatch batch = handle.prepareBatch(UPDATE_WORLD);
            for (final World world : sorted) {
                batch.bind(0, world.randomNumber()).bind(1, world.id()).add();
            }
            batch.execute();
            return worlds;
        });
    }

    @GET
    @Path("fortunes")
    @Produces(MediaType.TEXT_HTML + ";charset=UTF-8")
    public FortunesView fortunes() {
        final List<Fortune> fortunes = new ArrayList<>(jdbi.withHandle(handle -> handle.createQuery(SELECT_FORTUNE)
                .map((rows, context) -> new Fortune(rows.getInt(1), rows.getString(2)))
                .list()));
        fortunes.add(new Fortune(0, "Additional fortune added at request time."));
        fortunes.sort(Comparator.comparing(Fortune::message));
        return new FortunesView(fortunes);
    }

    private static World readWorld(final Handle handle, final int id) {
        return handle.createQuery(SELECT_WORLD)
                .bind(0, id)
                .map((rows, context) -> new World(rows.getInt(1), rows.getInt(2)))
                .one();
    }

    private static int randomWorld() {
        return 1 + ThreadLocalRandom.current().nextInt(10000);
    }

    /** The {@code queries} parameter clamped to 1..500; missing or not an integer is 1. */
    private static int queryCount(final String value) {
        if (value == null) {
            return 1;
        }
        try {
            return Math.clamp(Integer.parseInt(value), 1, 500);
        } catch (NumberFormatException e) {
            return 1;
        }
    }
}
