package org.jzenith.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.sqlclient.Pool;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.rest.RestPlugin;
import org.jzenith.test.Await;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestResponse;
import org.jzenith.test.services.LocalServices;

/**
 * Readiness on the management port while every connection of the pool is held by slow requests and
 * more wait for one: it answers in well under two seconds, without a health budget, and says UP, since
 * the database answers (on the check's own connection) and the outbox's count is only late. Before,
 * the {@code postgresql} check queued for a pooled connection behind the requests and the outbox
 * counted through the same pool, so readiness took seconds and said DOWN, taking a working instance
 * out of its load balancer's rotation when it was busiest.
 */
class ReadinessUnderSaturationIT {

    private static final String DATABASE = "jzenith_readiness_under_saturation_it";
    /** Well above what the checks take (the outbox waits 500 ms for its count), well below 10 s. */
    private static final Duration IN_TIME = Duration.ofSeconds(2);

    private static final int SLOW_REQUESTS = 12;

    private static final LocalServices.Database DB = TestDatabases.fresh(DATABASE);

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(ReadinessUnderSaturationIT::application);

    /** Holds a pooled connection for three seconds. */
    @Path("/slow")
    public static class SlowResource {

        private final Pool pool;

        @Inject
        public SlowResource(final Pool pool) {
            this.pool = pool;
        }

        @GET
        public CompletionStage<String> slow() {
            return pool.query("SELECT pg_sleep(3)")
                    .execute()
                    .map(rows -> "slept")
                    .toCompletionStage();
        }
    }

    static JZenith application(final String... args) {
        return TestDatabases.configure(
                JZenith.application(args)
                        .withPlugins(
                                PostgresqlPlugin.create().withOutbox(), RestPlugin.withResources(SlowResource.class))
                        .withModules(new TextOutboxCodec())
                        .withConfiguration("postgresql.migrate", false)
                        .withConfiguration("postgresql.pool.size", 2)
                        .withConfiguration("postgresql.connection-timeout", "10s")
                        .withConfiguration("management.port", 0),
                DB);
    }

    /** How many statements of the test's database sleep now, as the server sees it. */
    private static long sleeping() {
        try (Connection connection = DriverManager.getConnection(DB.jdbcUrl(), DB.user(), DB.password());
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM pg_stat_activity WHERE datname = '"
                        + DATABASE + "' AND query = 'SELECT pg_sleep(3)' AND state = 'active'")) {
            rows.next();
            return rows.getLong(1);
        } catch (final SQLException e) {
            throw new IllegalStateException("cannot read pg_stat_activity: " + e, e);
        }
    }

    /** How many calls wait for a connection of the application's pool. */
    private static double waiting() {
        return APP.application()
                .instance(MeterRegistry.class)
                .get("vertx.pool.queue.pending")
                .tag("pool_name", PostgresqlPlugin.POOL_NAME)
                .gauge()
                .value();
    }

    @Test
    void readinessAnswersUpWithinItsBudgetWhileThePoolIsSaturated() throws InterruptedException {
        // As a load balancer does, readiness has been asked before the load came.
        assertThat(APP.managementClient().get("/health/ready").status()).isEqualTo(200);

        final List<Thread> requests = new ArrayList<>();
        for (int i = 0; i < SLOW_REQUESTS; i++) {
            requests.add(Thread.ofVirtual().start(() -> APP.client().get("/slow")));
        }
        Await.until(
                Duration.ofSeconds(20),
                "the pool's two connections sleep and more requests wait for them",
                () -> sleeping() == 2 && waiting() > 0);
        try {
            for (int i = 0; i < 3; i++) {
                final long start = System.nanoTime();
                final TestResponse ready = APP.managementClient().get("/health/ready");
                final Duration took = Duration.ofNanos(System.nanoTime() - start);
                assertThat(took).as("answered in time").isLessThan(IN_TIME);
                assertThat(ready.status()).as(ready.body()).isEqualTo(200);
                assertThat(ready.body()).contains("\"name\":\"postgresql\"", "\"name\":\"outbox\"");
            }
        } finally {
            for (final Thread request : requests) {
                request.join(Duration.ofSeconds(30));
            }
        }
    }
}
