package org.jzenith.benchmarks;

import io.smallrye.common.annotation.NonBlocking;
import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
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
 * The TechEmpower test types. Methods that do not block say so with {@code @NonBlocking} and run
 * on the event loop, as jZenith's documentation advises; a plain method would run on a virtual
 * thread ({@code /json-vt} measures that default). Database methods return futures of the
 * injected, pipelined reactive PostgreSQL client.
 */
@Path("/")
public class BenchmarkResource {

    /** The JSON test's message; serialized anew on every request, as the rules require. */
    public record Message(String message) {}

    /** A row of the World table. */
    public record World(int id, int randomNumber) {}

    private record Fortune(int id, String message) {}

    private static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = $1";
    private static final String UPDATE_WORLD = "UPDATE world SET randomnumber = $1 WHERE id = $2";

    private final SqlClient client;

    @Inject
    public BenchmarkResource(final SqlClient client) {
        this.client = client;
    }

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
    @Path("/json-vt")
    @Produces(MediaType.APPLICATION_JSON)
    public Message jsonOnVirtualThread() {
        return new Message("Hello, World!");
    }

    @GET
    @Path("/db")
    @Produces(MediaType.APPLICATION_JSON)
    public Future<World> db() {
        return world(randomId());
    }

    @GET
    @Path("/queries")
    @Produces(MediaType.APPLICATION_JSON)
    public Future<List<World>> queries(@QueryParam("queries") final String queries) {
        return worlds(count(queries));
    }

    @GET
    @Path("/updates")
    @Produces(MediaType.APPLICATION_JSON)
    public Future<List<World>> updates(@QueryParam("queries") final String queries) {
        return worlds(count(queries)).compose(worlds -> {
            final List<World> changed = new ArrayList<>(worlds.size());
            final List<Tuple> batch = new ArrayList<>(worlds.size());
            for (final World world : worlds) {
                changed.add(new World(world.id(), randomId()));
            }
            // Sorted by id, so that concurrent batches lock rows in one order and cannot deadlock.
            changed.sort(Comparator.comparingInt(World::id));
            changed.forEach(world -> batch.add(Tuple.of(world.randomNumber(), world.id())));
            return client.preparedQuery(UPDATE_WORLD).executeBatch(batch).map(ignored -> changed);
        });
    }

    @GET
    @Path("/fortunes")
    @Produces("text/html;charset=utf-8")
    public Future<String> fortunes() {
        return client.preparedQuery("SELECT id, message FROM fortune").execute().map(rows -> {
            final List<Fortune> fortunes = new ArrayList<>(rows.size() + 1);
            for (final Row row : rows) {
                fortunes.add(new Fortune(row.getInteger(0), row.getString(1)));
            }
            fortunes.add(new Fortune(0, "Additional fortune added at request time."));
            fortunes.sort(Comparator.comparing(Fortune::message));
            final StringBuilder html = new StringBuilder(2048)
                    .append("<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>")
                    .append("<tr><th>id</th><th>message</th></tr>");
            for (final Fortune fortune : fortunes) {
                html.append("<tr><td>").append(fortune.id()).append("</td><td>");
                escape(fortune.message(), html);
                html.append("</td></tr>");
            }
            return html.append("</table></body></html>").toString();
        });
    }

    private Future<World> world(final int id) {
        return client.preparedQuery(SELECT_WORLD).execute(Tuple.of(id)).map(rows -> {
            final Row row = rows.iterator().next();
            return new World(row.getInteger(0), row.getInteger(1));
        });
    }

    private Future<List<World>> worlds(final int count) {
        final List<Future<World>> lookups = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            lookups.add(world(randomId()));
        }
        return Future.all(lookups).map(all -> all.list());
    }

    private static int randomId() {
        return 1 + ThreadLocalRandom.current().nextInt(10_000);
    }

    /** The TechEmpower rule: a missing or non-numeric count is 1, and counts are kept to 1..500. */
    private static int count(final String queries) {
        if (queries == null || queries.isEmpty() || queries.length() > 3) {
            return queries != null && queries.length() > 3 && queries.chars().allMatch(Character::isDigit) ? 500 : 1;
        }
        int value = 0;
        for (int i = 0; i < queries.length(); i++) {
            final char c = queries.charAt(i);
            if (c < '0' || c > '9') {
                return 1;
            }
            value = value * 10 + (c - '0');
        }
        return Math.min(500, Math.max(1, value));
    }

    private static void escape(final String text, final StringBuilder html) {
        for (int i = 0; i < text.length(); i++) {
            final char c = text.charAt(i);
            switch (c) {
                case '<' -> html.append("&lt;");
                case '>' -> html.append("&gt;");
                case '&' -> html.append("&amp;");
                case '"' -> html.append("&quot;");
                case '\'' -> html.append("&#39;");
                default -> html.append(c);
            }
        }
    }
}
