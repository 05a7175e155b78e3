package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.OtlpReceiver;
import org.jzenith.test.ReceivedSpan;
import org.jzenith.test.services.LocalServices;

/**
 * The user service traced on each store, exporting to one OTLP receiver: a request's statements or
 * commands are client spans under its server span, in the caller's trace, on the virtual thread
 * of {@code POST /users} and on the event loop of {@code GET /users/{id}} alike, and no span holds
 * a value the request sent.
 */
class UserServiceTracingIT {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String NAME = "Ada Lovelace";
    private static final OtlpReceiver RECEIVER = OtlpReceiver.start();
    private static final LocalServices.Database JDBC_DATABASE = PostgresqlDatabases.fresh("user_service_trace_jdbc");
    private static final LocalServices.Database REACTIVE_DATABASE = PostgresqlDatabases.fresh("user_service_trace_pg");
    private static final LocalServices.Redis REDIS = LocalServices.redis();
    private static final String PREFIX = RedisKeys.freshPrefix();

    @RegisterExtension
    static final JZenithExtension JDBC = traced(JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("jdbc.url", JDBC_DATABASE.jdbcUrl())
            .withConfiguration("jdbc.username", JDBC_DATABASE.user()));

    @RegisterExtension
    static final JZenithExtension REACTIVE = traced(PostgresqlDatabases.onReactiveStore(
            JZenithExtension.of(UserServiceApplication::application), REACTIVE_DATABASE));

    @RegisterExtension
    static final JZenithExtension ON_REDIS = traced(JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("user.store", "redis")
            .withConfiguration("redis.connection-string", REDIS.uri())
            .withConfiguration("redis.key-prefix", PREFIX));

    private static JZenithExtension traced(final JZenithExtension app) {
        return app.withConfiguration("otel.sdk.disabled", "false")
                .withConfiguration("otel.exporter.otlp.endpoint", RECEIVER::httpEndpoint)
                .withConfiguration("otel.bsp.schedule.delay", "20");
    }

    @AfterAll
    static void cleanUp() throws Exception {
        RedisKeys.removeAll(ON_REDIS, PREFIX);
        RECEIVER.close();
    }

    @Test
    void jdbcStatementsAreChildSpansOfTheirRequest() {
        final List<ReceivedSpan> statements = clientSpansOfBothRequests(JDBC, "1a");
        assertThat(statements)
                .allSatisfy(span -> assertThat(span.attributes()).containsEntry("db.system", "postgresql"));
        assertThat(statements).anySatisfy(span -> assertThat(span.attributes())
                .containsEntry("db.operation.name", "INSERT")
                .hasEntrySatisfying(
                        "db.query.text", text -> assertThat((String) text).contains("INSERT INTO users")));
    }

    @Test
    void reactivePostgresqlQueriesAreChildSpansOfTheirRequest() {
        final List<ReceivedSpan> statements = clientSpansOfBothRequests(REACTIVE, "2b");
        assertThat(statements)
                .allSatisfy(span -> assertThat(span.attributes()).containsEntry("db.system", "postgresql"));
        assertThat(statements).anySatisfy(span -> assertThat(span.attributes())
                .containsEntry("db.operation.name", "SELECT")
                .containsEntry("db.namespace", REACTIVE_DATABASE.database()));
    }

    @Test
    void redisCommandsAreChildSpansOfTheirRequest() {
        final List<ReceivedSpan> commands = clientSpansOfBothRequests(ON_REDIS, "3c");
        assertThat(commands).allSatisfy(span -> {
            assertThat(span.attributes()).containsEntry("db.system", "redis");
            assertThat(span.name())
                    .matches("[A-Z]+")
                    .isEqualTo(span.attributes().get("db.operation.name"));
        });
    }

    /**
     * Creates a user (a virtual thread) and reads it back (the event loop), each in a trace of the
     * caller's; returns the client spans of both, checked to be children of their server span.
     */
    private static List<ReceivedSpan> clientSpansOfBothRequests(final JZenithExtension app, final String mark) {
        final String createTrace = traceId(mark + "01");
        final String readTrace = traceId(mark + "02");
        final String id = app.client()
                .post("/users", Map.of("name", NAME), "traceparent", "00-" + createTrace + "-00f067aa0ba902b7-01")
                .json()
                .get("id")
                .asText();
        app.client().get("/users/" + id, "traceparent", "00-" + readTrace + "-00f067aa0ba902b7-01");

        final List<ReceivedSpan> spans = RECEIVER.awaitSpans(
                received -> hasServerWithClients(received, createTrace, "POST /users")
                        && hasServerWithClients(received, readTrace, "GET /users/{id}"),
                WAIT);
        final List<ReceivedSpan> clients = spans.stream()
                .filter(span -> span.kind().equals("CLIENT"))
                .filter(span ->
                        span.traceId().equals(createTrace) || span.traceId().equals(readTrace))
                .toList();
        for (final ReceivedSpan client : clients) {
            final ReceivedSpan server = server(spans, client.traceId());
            assertThat(client.parentSpanId()).as("parent of %s", client.name()).isEqualTo(server.spanId());
            assertThat(client.attributes().values())
                    .noneMatch(value -> String.valueOf(value).contains(NAME));
        }
        return clients;
    }

    private static boolean hasServerWithClients(final List<ReceivedSpan> spans, final String trace, final String name) {
        final Predicate<ReceivedSpan> inTrace = span -> span.traceId().equals(trace);
        return spans.stream()
                        .anyMatch(inTrace.and(span ->
                                span.kind().equals("SERVER") && span.name().equals(name)))
                && spans.stream().anyMatch(inTrace.and(span -> span.kind().equals("CLIENT")));
    }

    private static ReceivedSpan server(final List<ReceivedSpan> spans, final String trace) {
        return spans.stream()
                .filter(span -> span.traceId().equals(trace) && span.kind().equals("SERVER"))
                .findFirst()
                .orElseThrow();
    }

    /** A trace id of 32 hex digits that ends in {@code suffix}, one per request of this test. */
    private static String traceId(final String suffix) {
        return "4bf92f3577b34da6a3ce929d0e0e" + suffix;
    }
}
