package org.jzenith.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.jzenith.test.StartupFailures.assertRefusesToStart;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.jzenith.core.JZenith;
import org.jzenith.core.StartupException;
import org.jzenith.core.health.HealthCheck;
import org.jzenith.core.health.HealthResult;
import org.jzenith.core.health.HealthStatus;
import org.jzenith.test.Await;
import org.jzenith.test.services.PrivateCassandra;

/**
 * The plugin against a Cassandra node of the test's own, shared by the class (a start costs
 * seconds): statements every way, migrations applied once and a changed one refused, and the node
 * killed and started again.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CassandraPluginIT {

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(1);
    private static final String KEYSPACE = "plugin_it";

    private final PrivateCassandra cassandra = PrivateCassandra.create();
    private JZenith app;

    @BeforeAll
    void start() {
        cassandra.start();
        app = application().start();
    }

    @AfterAll
    void stop() {
        try {
            if (app != null) {
                app.stop();
            }
        } finally {
            cassandra.close();
        }
    }

    private JZenith application(final String... migrations) {
        return JZenith.application()
                .withPlugins(CassandraPlugin.create()
                        .withMigrations(
                                migrations.length == 0
                                        ? new String[] {
                                            "db/cassandra/V2__add_note.cql", "db/cassandra/V1__create_items.cql"
                                        }
                                        : migrations))
                .withConfiguration("cassandra.contact-points", cassandra.contactPoint())
                .withConfiguration("cassandra.local-datacenter", cassandra.datacenter())
                .withConfiguration("cassandra.keyspace", KEYSPACE)
                .withConfiguration(
                        "cassandra.keyspace-replication", "{'class': 'SimpleStrategy', 'replication_factor': 1}")
                .withConfiguration("cassandra.request-timeout", REQUEST_TIMEOUT.toMillis() + "ms");
    }

    @Test
    @Order(1)
    void runsStatementsAsFuturesCompletionStagesAndBlocking() throws Exception {
        final CassandraClient client = app.instance(CassandraClient.class);
        final UUID id = UUID.randomUUID();

        Await.result(client.execute("INSERT INTO items (id, name, note) VALUES (?, ?, ?)", id, "future", "n"));
        assertThat(client.executeAsync("SELECT name FROM items WHERE id = ?", id)
                        .toCompletableFuture()
                        .get()
                        .one()
                        .getString("name"))
                .isEqualTo("future");
        // Blocking calls, as a resource method on a virtual thread makes them.
        final AtomicReference<AsyncResultSet> blocking = new AtomicReference<>();
        Thread.ofVirtual()
                .start(() -> {
                    client.executeBlocking("UPDATE items SET name = ? WHERE id = ?", "blocking", id);
                    blocking.set(client.executeBlocking("SELECT name, note FROM items WHERE id = ?", id));
                })
                .join();
        final Row row = blocking.get().one();
        assertThat(row.getString("name")).isEqualTo("blocking");
        assertThat(row.getString("note")).isEqualTo("n");

        final MeterRegistry registry = app.instance(MeterRegistry.class);
        assertThat(registry.get("cassandra.statements")
                        .tag("kind", "read")
                        .tag("outcome", "success")
                        .timer()
                        .count())
                .isPositive();
        assertThat(registry.get("cassandra.statements")
                        .tag("kind", "write")
                        .tag("outcome", "success")
                        .timer()
                        .count())
                .isPositive();
    }

    @Test
    @Order(2)
    void appliesEachMigrationOnceInTheOrderOfItsVersion() {
        final CassandraClient client = app.instance(CassandraClient.class);
        final List<Integer> versions = new ArrayList<>();
        final List<Instant> appliedAt = new ArrayList<>();
        for (final Row row : Await.result(client.execute("SELECT version, applied_at FROM jzenith_schema_history"))
                .currentPage()) {
            versions.add(row.getInt("version"));
            appliedAt.add(row.getInstant("applied_at"));
        }
        assertThat(versions).containsExactlyInAnyOrder(1, 2);
        // The seed row of V1, whose text holds a ';'.
        assertThat(Await.result(client.execute(
                                "SELECT name FROM items WHERE id = 00000000-0000-0000-0000-000000000001"))
                        .one()
                        .getString("name"))
                .isEqualTo("seeded; by V1");

        final JZenith again = application().start();
        try {
            final List<Instant> after = new ArrayList<>();
            for (final Row row : Await.result(again.instance(CassandraClient.class)
                            .execute("SELECT applied_at FROM jzenith_schema_history"))
                    .currentPage()) {
                after.add(row.getInstant("applied_at"));
            }
            assertThat(after).containsExactlyInAnyOrderElementsOf(appliedAt);
        } finally {
            again.stop();
        }
    }

    @Test
    @Order(3)
    void refusesToStartWhenAnAppliedMigrationHasChanged() {
        assertThat(assertRefusesToStart(
                        application("db/cassandra/changed/V1__create_items.cql"),
                        "db/cassandra/changed/V1__create_items.cql"))
                .isInstanceOf(StartupException.class)
                .hasMessageContaining("the CQL migration db/cassandra/changed/V1__create_items.cql has changed since it"
                        + " was applied on ")
                .hasMessageContaining("(from db/cassandra/V1__create_items.cql)")
                .hasMessageContaining("put the change in a new migration with a higher version");
    }

    @Test
    @Order(4)
    void isReadyWithTheNodesVersion() {
        final HealthResult health =
                Await.result(app.instance(CassandraHealthCheck.class).check());
        assertThat(health.status()).isEqualTo(HealthStatus.UP);
        assertThat(health.data())
                .containsEntry("datacenter", cassandra.datacenter())
                .containsEntry("keyspace", KEYSPACE)
                .containsEntry("version", "5.0.6");
    }

    @Test
    @Order(5)
    void aStatementsSpanIsAChildOfTheCallerEvenWhenItsFirstPreparationCompletesOnADriverThread() throws Exception {
        final List<SpanData> ended = new CopyOnWriteArrayList<>();
        final SdkTracerProvider provider = SdkTracerProvider.builder()
                .addSpanProcessor(new SpanProcessor() {
                    @Override
                    public void onStart(final Context parent, final ReadWriteSpan span) {}

                    @Override
                    public boolean isStartRequired() {
                        return false;
                    }

                    @Override
                    public void onEnd(final ReadableSpan span) {
                        ended.add(span.toSpanData());
                    }

                    @Override
                    public boolean isEndRequired() {
                        return true;
                    }
                })
                .build();
        final OpenTelemetrySdk openTelemetry =
                OpenTelemetrySdk.builder().setTracerProvider(provider).build();
        final CassandraClient.Running running =
                app.instance(CassandraClient.class).running().orElseThrow();
        final CassandraClient traced = new CassandraClient();
        traced.start(new CassandraClient.Running(
                running.session(),
                running.target(),
                running.version(),
                running.metrics(),
                Optional.of(new StatementSpans(openTelemetry, KEYSPACE))));
        final Span request =
                openTelemetry.getTracer("test").spanBuilder("request").startSpan();
        final String cql = "SELECT note FROM items WHERE id = ? AND name = ? ALLOW FILTERING"; // prepared nowhere else
        final CompletionStage<AsyncResultSet> sent;
        final Scope scope = request.makeCurrent();
        try {
            sent = traced.executeAsync(cql, UUID.randomUUID(), "never prepared before");
        } finally {
            scope.close();
        }
        sent.toCompletableFuture().get(10, TimeUnit.SECONDS);
        request.end();
        traced.stop(); // the session is the application's: not closed here

        final SpanData statement = ended.stream()
                .filter(span -> span.getKind() == SpanKind.CLIENT)
                .findFirst()
                .orElseThrow();
        assertThat(statement.getName()).isEqualTo("SELECT");
        assertThat(statement.getParentSpanId())
                .isEqualTo(request.getSpanContext().getSpanId());
        assertThat(statement.getAttributes().get(AttributeKey.stringKey("db.query.text")))
                .isEqualTo(cql);
        assertThat(statement.getAttributes().get(AttributeKey.stringKey("db.namespace")))
                .isEqualTo(KEYSPACE);
        provider.close();
    }

    @Test
    @Order(6)
    void aKilledNodeIsUnavailableWithinTheTimeoutAndServesAgainOnceBack() {
        final CassandraClient client = app.instance(CassandraClient.class);
        final HealthCheck health = app.instance(CassandraHealthCheck.class);
        final UUID id = UUID.randomUUID();
        Await.result(client.execute("INSERT INTO items (id, name) VALUES (?, ?)", id, "before the kill"));

        cassandra.kill();
        final long start = System.nanoTime();
        final Throwable failure = Await.failure(client.execute("SELECT name FROM items WHERE id = ?", id));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(REQUEST_TIMEOUT.multipliedBy(3));
        assertThat(failure)
                .isInstanceOf(CassandraUnavailableException.class)
                .hasMessageStartingWith("cassandra is unavailable: ");
        assertThat(Await.result(health.check()).status()).isEqualTo(HealthStatus.DOWN);

        cassandra.start();
        Await.until(
                Duration.ofSeconds(30),
                "the health check is UP again",
                () -> Await.result(health.check()).status() == HealthStatus.UP);
        assertThat(Await.result(client.execute("SELECT name FROM items WHERE id = ?", id))
                        .one()
                        .getString("name"))
                .isEqualTo("before the kill");
    }
}
