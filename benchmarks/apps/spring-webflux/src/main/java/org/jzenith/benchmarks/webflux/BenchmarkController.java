package org.jzenith.benchmarks.webflux;

import io.r2dbc.spi.Readable;
import io.r2dbc.spi.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.reactive.result.view.Rendering;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Annotated WebFlux handlers; the database is reached through Spring's R2DBC {@link DatabaseClient}. */
@Controller
public class BenchmarkController {

    private static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = $1";
    private static final String UPDATE_WORLD = "UPDATE world SET randomnumber = $1 WHERE id = $2";
    private static final String SELECT_FORTUNES = "SELECT id, message FROM fortune";

    /** A row of the {@code world} table. */
    public record World(int id, int randomNumber) {}

    /** A row of the {@code fortune} table. */
    public record Fortune(int id, String message) {}

    /** The JSON test's message; a new one is serialized on every request, as the rules require. */
    public record Message(String message) {}

    private final DatabaseClient database;

    public BenchmarkController(final DatabaseClient database) {
        this.database = database;
    }

    @GetMapping(value = "/plaintext", produces = MediaType.TEXT_PLAIN_VALUE)
    @ResponseBody
    public Mono<String> plaintext() {
        return Mono.just("Hello, World!");
    }

    @GetMapping(value = "/json", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseBody
    public Mono<Message> json() {
        return Mono.just(new Message("Hello, World!"));
    }

    @GetMapping(value = "/db", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseBody
    public Mono<World> db() {
        return randomWorld();
    }

    @GetMapping(value = "/queries", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseBody
    public Mono<List<World>> queries(@RequestParam(required = false) final String queries) {
        return randomWorlds(count(queries));
    }

    @GetMapping(value = "/updates", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseBody
    public Mono<List<World>> updates(@RequestParam(required = false) final String queries) {
        return randomWorlds(count(queries)).flatMap(worlds -> {
            final List<World> updated = new ArrayList<>(worlds.size());
            for (final World world : worlds) {
                updated.add(new World(world.id(), randomId()));
            }
            // One batched statement, rows in id order so that concurrent batches lock alike.
            final List<World> sorted = updated.stream().sorted(Comparator.comparingInt(World::id)).toList();
            return database.inConnectionMany(connection -> {
                        final Statement statement = connection.createStatement(UPDATE_WORLD);
                        for (int i = 0; i < sorted.size(); i++) {
                            if (i > 0) {
                                statement.add();
                            }
                            statement.bind(0, sorted.get(i).randomNumber()).bind(1, sorted.get(i).id());
                        }
                        return Flux.from(statement.execute()).flatMap(result -> result.getRowsUpdated());
                    })
                    .then(Mono.just(updated));
        });
    }

    @GetMapping(value = "/fortunes", produces = MediaType.TEXT_HTML_VALUE)
    public Mono<Rendering> fortunes() {
        return database.sql(SELECT_FORTUNES)
                .map(row -> new Fortune(row.get(0, Integer.class), row.get(1, String.class)))
                .all()
                .concatWithValues(new Fortune(0, "Additional fortune added at request time."))
                .collectSortedList(Comparator.comparing(Fortune::message))
                .map(fortunes -> Rendering.view("fortunes").model(Map.of("fortunes", fortunes)).build());
    }

    private Mono<World> randomWorld() {
        return database.sql(SELECT_WORLD).bind(0, randomId()).map(BenchmarkController::world).one();
    }

    private Mono<List<World>> randomWorlds(final int count) {
        return Flux.range(0, count).flatMap(i -> randomWorld()).collectList();
    }

    private static World world(final Readable row) {
        return new World(row.get(0, Integer.class), row.get(1, Integer.class));
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
