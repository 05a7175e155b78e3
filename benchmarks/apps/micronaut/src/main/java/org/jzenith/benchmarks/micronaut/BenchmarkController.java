package org.jzenith.benchmarks.micronaut;

import io.micronaut.core.annotation.Introspected;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.views.View;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import javax.sql.DataSource;

/**
 * The TechEmpower test types. Handlers that do not block run on the Netty event loop, Micronaut's
 * default; the JDBC handlers run on the blocking executor ({@code @ExecuteOn(BLOCKING)}, virtual
 * threads on this JDK), as Micronaut's documentation requires for blocking code.
 */
@Controller
public class BenchmarkController {

    private static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = ?";
    private static final String UPDATE_WORLD = "UPDATE world SET randomnumber = ? WHERE id = ?";
    private static final String SELECT_FORTUNES = "SELECT id, message FROM fortune";

    /** A row of the {@code world} table. */
    @Serdeable
    public record World(int id, int randomNumber) {}

    /** A row of the {@code fortune} table; introspected for the view. */
    @Introspected
    public record Fortune(int id, String message) {}

    /** The JSON test's message; a new one is serialized on every request, as the rules require. */
    @Serdeable
    public record Message(String message) {}

    private final DataSource dataSource;

    public BenchmarkController(final DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Get(value = "/plaintext", produces = MediaType.TEXT_PLAIN)
    public String plaintext() {
        return "Hello, World!";
    }

    @Get(value = "/json", produces = MediaType.APPLICATION_JSON)
    public Message json() {
        return new Message("Hello, World!");
    }

    @Get(value = "/db", produces = MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public World db() throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            return randomWorlds(connection, 1).getFirst();
        }
    }

    @Get(value = "/queries", produces = MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public List<World> queries(@QueryValue @Nullable final String queries) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            return randomWorlds(connection, count(queries));
        }
    }

    @Get(value = "/updates", produces = MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public List<World> updates(@QueryValue @Nullable final String queries) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            final List<World> worlds = randomWorlds(connection, count(queries));
            final List<World> updated = new ArrayList<>(worlds.size());
            for (final World world : worlds) {
                updated.add(new World(world.id(), randomId()));
            }
            // One JDBC batch, rows in id order so that concurrent batches lock alike.
            try (PreparedStatement statement = connection.prepareStatement(UPDATE_WORLD)) {
                for (final World world : updated.stream().sorted(Comparator.comparingInt(World::id)).toList()) {
                    statement.setInt(1, world.randomNumber());
                    statement.setInt(2, world.id());
                    statement.addBatch();
                }
                statement.executeBatch();
            }
            return updated;
        }
    }

    @Get(value = "/fortunes", produces = MediaType.TEXT_HTML + ";charset=utf-8")
    @View("fortunes")
    @ExecuteOn(TaskExecutors.BLOCKING)
    public Map<String, Object> fortunes() throws SQLException {
        final List<Fortune> fortunes = new ArrayList<>();
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = connection.prepareStatement(SELECT_FORTUNES);
                ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                fortunes.add(new Fortune(rows.getInt(1), rows.getString(2)));
            }
        }
        fortunes.add(new Fortune(0, "Additional fortune added at request time."));
        fortunes.sort(Comparator.comparing(Fortune::message));
        return Map.of("fortunes", fortunes);
    }

    private static List<World> randomWorlds(final Connection connection, final int count) throws SQLException {
        final List<World> worlds = new ArrayList<>(count);
        try (PreparedStatement statement = connection.prepareStatement(SELECT_WORLD)) {
            for (int i = 0; i < count; i++) {
                statement.setInt(1, randomId());
                try (ResultSet row = statement.executeQuery()) {
                    row.next();
                    worlds.add(new World(row.getInt(1), row.getInt(2)));
                }
            }
        }
        return worlds;
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
