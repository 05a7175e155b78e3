package org.jzenith.benchmarks.helidon;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import io.helidon.common.media.type.MediaTypes;
import io.helidon.http.Header;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonObject;
import java.io.StringWriter;
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

/** The TechEmpower test types as one Helidon {@link HttpService}; handlers run on virtual threads. */
final class BenchmarkService implements HttpService {

    private static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = ?";
    private static final String SELECT_FORTUNE = "SELECT id, message FROM fortune";
    private static final String UPDATE_WORLD = "UPDATE world SET randomnumber = ? WHERE id = ?";

    private static final Header SERVER = HeaderValues.createCached(HeaderNames.SERVER, "Helidon");
    private static final Header CONTENT_TYPE_HTML =
            HeaderValues.createCached(HeaderNames.CONTENT_TYPE, MediaTypes.TEXT_HTML.text() + "; charset=UTF-8");
    private static final JsonBuilderFactory JSON = Json.createBuilderFactory(Map.of());

    record World(int id, int randomNumber) {}

    record Fortune(int id, String message) {}

    private final DataSource dataSource;
    private final Mustache fortunesTemplate = new DefaultMustacheFactory("templates").compile("fortunes.mustache");

    BenchmarkService(final DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public void routing(final HttpRules rules) {
        rules.get("/plaintext", this::plaintext)
                .get("/json", this::json)
                .get("/db", this::db)
                .get("/queries", this::queries)
                .get("/fortunes", this::fortunes)
                .get("/updates", this::updates);
    }

    private void plaintext(final ServerRequest request, final ServerResponse response) {
        response.header(SERVER).header(HeaderValues.CONTENT_TYPE_TEXT_PLAIN).send("Hello, World!");
    }

    private void json(final ServerRequest request, final ServerResponse response) {
        response.header(SERVER).send(JSON.createObjectBuilder().add("message", "Hello, World!").build());
    }

    private void db(final ServerRequest request, final ServerResponse response) throws SQLException {
        final World world;
        try (Connection connection = dataSource.getConnection();
                PreparedStatement select = connection.prepareStatement(SELECT_WORLD)) {
            world = readWorld(select, randomWorld());
        }
        response.header(SERVER).send(toJson(world));
    }

    private void queries(final ServerRequest request, final ServerResponse response) throws SQLException {
        final int count = queryCount(request);
        final JsonArrayBuilder worlds = JSON.createArrayBuilder();
        try (Connection connection = dataSource.getConnection();
                PreparedStatement select = connection.prepareStatement(SELECT_WORLD)) {
            for (int i = 0; i < count; i++) {
                worlds.add(toJson(readWorld(select, randomWorld())));
            }
        }
        response.header(SERVER).send(worlds.build());
    }

    private void updates(final ServerRequest request, final ServerResponse response) throws SQLException {
        final int count = queryCount(request);
        final World[] worlds = new World[count];
        try (Connection connection = dataSource.getConnection();
                PreparedStatement select = connection.prepareStatement(SELECT_WORLD);
                PreparedStatement update = connection.prepareStatement(UPDATE_WORLD)) {
            for (int i = 0; i < count; i++) {
                worlds[i] = new World(readWorld(select, randomWorld()).id(), randomWorld());
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
        final JsonArrayBuilder body = JSON.createArrayBuilder();
        for (final World world : worlds) {
            body.add(toJson(world));
        }
        response.header(SERVER).send(body.build());
    }

    private void fortunes(final ServerRequest request, final ServerResponse response) throws SQLException {
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
        final StringWriter html = new StringWriter(2048);
        fortunesTemplate.execute(html, Map.of("fortunes", fortunes));
        response.header(SERVER).header(CONTENT_TYPE_HTML).send(html.toString());
    }

    private static JsonObject toJson(final World world) {
        return JSON.createObjectBuilder().add("id", world.id()).add("randomNumber", world.randomNumber()).build();
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
    private static int queryCount(final ServerRequest request) {
        final String value = request.query().first("queries").orElse(null);
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
