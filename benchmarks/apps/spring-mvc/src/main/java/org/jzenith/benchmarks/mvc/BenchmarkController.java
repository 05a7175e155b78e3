package org.jzenith.benchmarks.mvc;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;

/** Annotated MVC handlers on virtual threads; the database is reached through {@link JdbcTemplate}. */
@Controller
public class BenchmarkController {

    private static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = ?";
    private static final String UPDATE_WORLD = "UPDATE world SET randomnumber = ? WHERE id = ?";
    private static final String SELECT_FORTUNES = "SELECT id, message FROM fortune";

    private static final RowMapper<World> WORLD = (rs, n) -> new World(rs.getInt(1), rs.getInt(2));
    private static final RowMapper<Fortune> FORTUNE = (rs, n) -> new Fortune(rs.getInt(1), rs.getString(2));

    /** A row of the {@code world} table. */
    public record World(int id, int randomNumber) {}

    /** A row of the {@code fortune} table. */
    public record Fortune(int id, String message) {}

    /** The JSON test's message; a new one is serialized on every request, as the rules require. */
    public record Message(String message) {}

    private final JdbcTemplate jdbc;

    public BenchmarkController(final JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @GetMapping(value = "/plaintext", produces = MediaType.TEXT_PLAIN_VALUE)
    @ResponseBody
    public String plaintext() {
        return "Hello, World!";
    }

    @GetMapping(value = "/json", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseBody
    public Message json() {
        return new Message("Hello, World!");
    }

    @GetMapping(value = "/db", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseBody
    public World db() {
        return randomWorld();
    }

    @GetMapping(value = "/queries", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseBody
    public List<World> queries(@RequestParam(required = false) final String queries) {
        return randomWorlds(count(queries));
    }

    @GetMapping(value = "/updates", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseBody
    public List<World> updates(@RequestParam(required = false) final String queries) {
        final List<World> worlds = randomWorlds(count(queries));
        final List<World> updated = new ArrayList<>(worlds.size());
        for (final World world : worlds) {
            updated.add(new World(world.id(), randomId()));
        }
        // One JDBC batch, rows in id order so that concurrent batches lock alike.
        final List<Object[]> batch = updated.stream()
                .sorted(Comparator.comparingInt(World::id))
                .map(world -> new Object[] {world.randomNumber(), world.id()})
                .toList();
        jdbc.batchUpdate(UPDATE_WORLD, batch);
        return updated;
    }

    @GetMapping(value = "/fortunes", produces = MediaType.TEXT_HTML_VALUE)
    public String fortunes(final Model model) {
        final List<Fortune> fortunes = new ArrayList<>(jdbc.query(SELECT_FORTUNES, FORTUNE));
        fortunes.add(new Fortune(0, "Additional fortune added at request time."));
        fortunes.sort(Comparator.comparing(Fortune::message));
        model.addAttribute("fortunes", fortunes);
        return "fortunes";
    }

    private World randomWorld() {
        return jdbc.queryForObject(SELECT_WORLD, WORLD, randomId());
    }

    private List<World> randomWorlds(final int count) {
        final List<World> worlds = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            worlds.add(randomWorld());
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
