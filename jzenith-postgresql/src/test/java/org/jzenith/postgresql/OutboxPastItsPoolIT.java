package org.jzenith.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.rest.RestPlugin;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestResponse;
import org.jzenith.test.services.LocalServices;

/**
 * The transactional outbox driven past its pool over HTTP: a pool of one connection, a short
 * connection timeout, and more concurrent writes than the connection can take in that time. A write
 * that gets no connection in time is answered 503 with {@code Retry-After} (the pool's bare
 * "Timeout" for a transaction's connection once surfaced as a 500 with a stack trace in the log),
 * every other is 201, and every 201 is in the database with its event.
 */
class OutboxPastItsPoolIT {

    private static final String DATABASE = "jzenith_outbox_past_its_pool_it";
    private static final int WRITES = 40;

    private static final LocalServices.Database DB =
            TestDatabases.fresh(DATABASE, "CREATE TABLE items (id VARCHAR(64) PRIMARY KEY)");

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(OutboxPastItsPoolIT::application);

    /** Writes an item and its event in one transaction that holds its connection a little while. */
    @Path("/items")
    public static class ItemResource {

        private final Pool pool;
        private final PostgresqlOutbox outbox;

        @Inject
        public ItemResource(final Pool pool, final PostgresqlOutbox outbox) {
            this.pool = pool;
            this.outbox = outbox;
        }

        @POST
        @Path("/{id}")
        public CompletionStage<Response> create(@PathParam("id") final String id) {
            return pool.withTransaction(connection -> connection
                            .preparedQuery("INSERT INTO items (id) VALUES ($1)")
                            .execute(Tuple.of(id))
                            .compose(inserted -> outbox.publish(connection, "items", id, "created " + id))
                            .compose(published ->
                                    connection.query("SELECT pg_sleep(0.05)").execute())
                            .mapEmpty())
                    .map(done -> Response.status(201).build())
                    .toCompletionStage();
        }
    }

    static JZenith application(final String... args) {
        return TestDatabases.configure(
                JZenith.application(args)
                        .withPlugins(
                                PostgresqlPlugin.create().withOutbox(), RestPlugin.withResources(ItemResource.class))
                        .withModules(new TextOutboxCodec())
                        // The table is the test's; the outbox's own migrations still apply.
                        .withConfiguration("postgresql.migrate", false)
                        .withConfiguration("postgresql.pool.size", 1)
                        .withConfiguration("postgresql.connection-timeout", "100ms"),
                DB);
    }

    @Test
    void aWriteThatGetsNoConnectionInTimeIs503AndEveryOtherIsStored() throws InterruptedException {
        final List<TestResponse> answers = new ArrayList<>();
        final List<Thread> writers = new ArrayList<>();
        for (int i = 0; i < WRITES; i++) {
            final String id = "item-" + i;
            writers.add(Thread.ofVirtual().start(() -> {
                final TestResponse answer = APP.client().post("/items/" + id, Map.of());
                synchronized (answers) {
                    answers.add(answer);
                }
            }));
        }
        for (final Thread writer : writers) {
            writer.join();
        }

        final Map<Integer, Long> statuses =
                answers.stream().collect(Collectors.groupingBy(TestResponse::status, Collectors.counting()));
        assertThat(statuses.keySet())
                .as("every write is stored (201) or refused for now (503), never a 500: %s", statuses)
                .containsOnly(201, 503);
        assertThat(statuses.get(503))
                .as("the load went past the pool: some writes got no connection in time")
                .isNotNull();
        assertThat(statuses.get(201)).as("the pool served writes too").isNotNull();
        for (final TestResponse refused :
                answers.stream().filter(answer -> answer.status() == 503).toList()) {
            assertThat(refused.header("Retry-After")).as(refused.body()).isPresent();
            assertThat(refused.body())
                    .as("names nothing internal")
                    .doesNotContain("Timeout", "Throwable", "vertx", "Exception");
        }
        final long stored = count("SELECT COUNT(*) FROM items");
        assertThat(stored).as("every 201 is stored, nothing else").isEqualTo(statuses.get(201));
        assertThat(count("SELECT COUNT(*) FROM jzenith_outbox"))
                .as("each stored item has its event")
                .isEqualTo(stored);
    }

    private static long count(final String sql) {
        return APP.application()
                .instance(Pool.class)
                .query(sql)
                .execute()
                .map(rows -> rows.iterator().next().getLong(0))
                .await();
    }
}
