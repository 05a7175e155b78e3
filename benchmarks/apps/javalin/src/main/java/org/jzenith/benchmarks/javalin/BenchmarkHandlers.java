package org.jzenith.benchmarks.javalin;

import io.javalin.http.Context;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import javax.sql.DataSource;

/** The TechEmpower handlers. */
final class BenchmarkHandlers {

    private static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = ?";
    private static final String SELECT_FORTUNE = "SELECT id, message FROM fortune";
    private static final String UPDATE_WORLD = "UPDATE world SET randomnumber = ? WHERE id = ?";

    record Message(String message) {}

    record World(int id, int randomNumber) {}

    record Fortune(int id, String message) {}

    private final DataSource dataSource;

    BenchmarkHandlers(final DataSource dataSource) {
        this.dataSource = dataSource;
    }

    void plaintext(final Context ctx) {
        ctx.result("Hello, World!");
    }

    void json(final Context ctx) {
        ctx.json(new Message("Hello, World!"));
    }

    void db(final Context ctx) throws SQLException {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement select = connection.prepareStatement(SELECT_WORLD)) {
            ctx.json(readWorld(select, randomWorld()));
        }
    }

    void queries(final Context ctx) throws SQLException {
        final int count = queryCount(ctx);
        final World[] worlds = new World[count];
        try (Connection connection = dataSource.getConnection();
                PreparedStatement select = connection.prepareStatement(SELECT_WORLD)) {
            for (int i = 0; i < count; i++) {
                worlds[i] = readWorld(select, randomWorld());
            }
        }
        ctx.json(worlds);
    }

    void updates(final Context ctx) throws SQLException {
        final int count = queryCount(ctx);
        final World[] worlds = new World[count];
        try (Connection connection = dataSource.getConnection();
                PreparedStatement select = connection.prepareStatement(SELECT_WORLD);
                PreparedStatement update = connection.prepareStatement(UPDATE_WORLD)) {
            for (int i = 0; i < count; i++) {
                final World world = readWorld(select, randomWorld());
                worlds[i] = new World(world.id(), randomWorld());
            }
            // Sorted by id, so that concurrent batches lock rows in one order.
            final World[] sorted = worlds.clone();
            Arrays.sort(sorted, Comparator.comparingInt(World::id));
            for (final World world : sorted) {
                update.setInt(1, world.randomNumber());
                update.setInt(2, world.id());
                update.addBatch();
            }
            update.executeBatch();
        }
        ctx.json(worlds);
    }

    void fortunes(final Context ctx) throws SQLException {
        final List<Fortune> fortunes = new ArrayList<>(16);
        try (Connection connection = dataSource.getConnection();
                PreparedStatement select = connection.prepareStatement(SELECT_FORTUNE);
                ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                fortunes.add(new Fortune(rows.getInt(1), rows.getString(2)));
            }
        }
        fortunes.add(new Fortune(0, "Additional fortune added at request time."));
        fortunes.sort(Comparator.comparing(Fortune::message));
        ctx.render("fortunes.mustache", Map.of("fortunes", fortunes)).contentType("text/html; charset=utf-8");
    }

    private static World readWorld(final PreparedStatement select, final int id) throws SQLException {
        select.setInt(1, id);
        try (ResultSet rows = select.executeQuery()) {
            rows.next();
            return new World(rows.getInt(1), rows.getInt(2));
        }
    }

    private static int randomWorld() {
        return 1 + ThreadLocalRandom.current().nextInt(10000);
    }

    /** The {@code queries} parameter clamped to 1..500; missing or not an integer is 1. */
    private static int queryCount(final Context ctx) {
        final String value = ctx.queryParam("queries");
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
