package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import io.vertx.core.Future;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.cassandra.CassandraClient;
import org.jzenith.examples.users.persistence.CassandraUserDao;
import org.jzenith.examples.users.service.Page;
import org.jzenith.examples.users.service.User;
import org.jzenith.examples.users.service.UserDao;
import org.jzenith.examples.users.service.UserService;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.OtlpReceiver;
import org.jzenith.test.ReceivedSpan;
import org.jzenith.test.TestResponse;
import org.jzenith.test.services.PrivateCassandra;

/**
 * The user service with {@code user.store=cassandra}: the same resources and service layer on {@link
 * CassandraUserDao}, against a Cassandra node of the test's own, shared by the class (a start costs
 * seconds). Last, the node is killed under a load of writes and started again.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class UserServiceCassandraIT extends UserApiContract {

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(1);
    /** The most a request may take while the node is away: the request timeout and a margin. */
    private static final Duration REQUEST_BOUND = REQUEST_TIMEOUT.plusSeconds(4);

    private static final OtlpReceiver RECEIVER = OtlpReceiver.start();

    @RegisterExtension
    @Order(1)
    static final PrivateCassandra CASSANDRA = PrivateCassandra.create();

    @RegisterExtension
    @Order(2)
    static final JZenithExtension APP = JZenithExtension.of(UserServiceApplication::application)
            .withConfiguration("user.store", "cassandra")
            .withConfiguration("cassandra.contact-points", CASSANDRA.contactPoint())
            .withConfiguration("cassandra.local-datacenter", CASSANDRA.datacenter())
            .withConfiguration("cassandra.keyspace-replication", "{'class': 'SimpleStrategy', 'replication_factor': 1}")
            .withConfiguration("cassandra.request-timeout", REQUEST_TIMEOUT.toMillis() + "ms")
            // Traced, for the span of each statement.
            .withConfiguration("otel.sdk.disabled", "false")
            .withConfiguration("otel.exporter.otlp.endpoint", RECEIVER::httpEndpoint)
            .withConfiguration("otel.bsp.schedule.delay", "20");

    @AfterAll
    static void closeTheReceiver() {
        RECEIVER.close();
    }

    @Override
    protected JZenithExtension app() {
        return APP;
    }

    @Override
    protected String databaseCheck() {
        return "cassandra";
    }

    @Test
    void runsOnTheCassandraDaoInTheKeyspaceUsers() {
        assertThat(APP.application().instance(UserDao.class)).isInstanceOf(CassandraUserDao.class);
        assertThat(APP.application().instance(CassandraClient.class).keyspace()).isEqualTo("users");
        final TestResponse health = APP.client().get("/health/ready");
        assertThat(health.body()).contains("\"name\":\"cassandra\"").doesNotContain("\"name\":\"jdbc\"");
    }

    @Test
    void readsBackWhatItWroteToTheMicrosecond() {
        final User created = APP.application().instance(UserService.class).create("Katherine Johnson");
        final UserDao dao = APP.application().instance(UserDao.class);

        assertThat(value(dao.find(created.id()))).contains(created);
        assertThat(value(dao.find(UUID.randomUUID()))).isEmpty();
        assertThat(value(dao.rename(UUID.randomUUID(), "nobody"))).isEmpty();
        assertThat(value(dao.delete(UUID.randomUUID()))).isFalse();
        final String name = "Zoë \"Q\" / \\ 𝄞 \t 日本 </script>";
        assertThat(value(dao.rename(created.id(), name))).contains(new User(created.id(), name, created.createdAt()));
        assertThat(value(dao.find(created.id()))).contains(new User(created.id(), name, created.createdAt()));
    }

    @Test
    void pagesAreReadFromTheIndexOldestFirstThenById() {
        final UserDao dao = APP.application().instance(UserDao.class);
        final long before = value(dao.list(0, 1)).total();
        // Far in the future, so that they come last; two at the same time, ordered by id.
        final Instant late = Instant.parse("2200-01-01T00:00:00.000001Z");
        final User first = new User(UUID.fromString("00000000-0000-0000-0000-000000000002"), "first", late);
        final User tieLow =
                new User(UUID.fromString("00000000-0000-0000-0000-000000000003"), "tie low", late.plusNanos(1000));
        final User tieHigh =
                new User(UUID.fromString("00000000-0000-0000-0000-000000000004"), "tie high", late.plusNanos(1000));
        for (final User user : List.of(tieHigh, first, tieLow)) {
            value(dao.create(user));
        }
        try {
            final Page<User> last = value(dao.list((int) before, 3));
            assertThat(last.total()).isEqualTo(before + 3);
            assertThat(last.items()).containsExactly(first, tieLow, tieHigh);
            assertThat(value(dao.list((int) before + 1, 1)).items()).containsExactly(tieLow);
            assertThat(value(dao.list((int) before + 3, 10)).items()).isEmpty();
            assertThat(value(dao.list(Integer.MAX_VALUE, 10)).items()).isEmpty();
        } finally {
            for (final User user : List.of(first, tieLow, tieHigh)) {
                value(dao.delete(user.id()));
            }
        }
        assertThat(value(dao.list(0, 1)).total()).isEqualTo(before);
    }

    @Test
    void eachStatementIsAClientSpanOfItsRequestWithoutTheValues() {
        final String name = "Grace Hopper";
        final String createTrace = "4bf92f3577b34da6a3ce929d0e0e5c01";
        final String readTrace = "4bf92f3577b34da6a3ce929d0e0e5c02";
        final String id = APP.client()
                .post("/users", Map.of("name", name), "traceparent", "00-" + createTrace + "-00f067aa0ba902b7-01")
                .json()
                .get("id")
                .asText();
        APP.client().get("/users/" + id, "traceparent", "00-" + readTrace + "-00f067aa0ba902b7-01");

        // The server span ends after the response, so it may arrive after its statements' spans.
        final List<ReceivedSpan> spans = RECEIVER.awaitSpans(
                received -> Stream.of(createTrace, readTrace)
                        .allMatch(trace -> Stream.of("SERVER", "CLIENT").allMatch(kind -> received.stream()
                                .anyMatch(span -> span.traceId().equals(trace)
                                        && span.kind().equals(kind)))),
                Duration.ofSeconds(10));
        final List<ReceivedSpan> statements = spans.stream()
                .filter(span -> span.kind().equals("CLIENT"))
                .filter(span ->
                        span.traceId().equals(createTrace) || span.traceId().equals(readTrace))
                .toList();
        for (final ReceivedSpan statement : statements) {
            final ReceivedSpan server = spans.stream()
                    .filter(span -> span.traceId().equals(statement.traceId())
                            && span.kind().equals("SERVER"))
                    .findFirst()
                    .orElseThrow();
            assertThat(statement.parentSpanId())
                    .as("parent of %s", statement.name())
                    .isEqualTo(server.spanId());
            assertThat(statement.attributes())
                    .containsEntry("db.system", "cassandra")
                    .containsEntry("db.namespace", "users");
            assertThat(statement.attributes().values())
                    .noneMatch(value -> String.valueOf(value).contains(name));
        }
        assertThat(statements).anySatisfy(span -> assertThat(span.attributes())
                .containsEntry("db.operation.name", "BATCH")
                .containsEntry(
                        "db.query.text",
                        "BATCH INSERT INTO users (id, name, created_at) VALUES (?, ?, ?); INSERT INTO"
                                + " users_by_created (bucket, created_at, id) VALUES (?, ?, ?)"));
        assertThat(statements).anySatisfy(span -> assertThat(span.attributes())
                .containsEntry("db.operation.name", "SELECT")
                .containsEntry("db.query.text", "SELECT id, name, created_at FROM users WHERE id = ?"));
    }

    /** One answered request of the load. */
    private record Outcome(
            int status, Duration took, long sentAt, Optional<String> id, String body, String retryAfter) {}

    @Test
    @Order(Integer.MAX_VALUE) // last: it kills the node the other tests share
    void answers503WhileTheNodeIsKilledUnderLoadRecoversAndKeepsEveryAcknowledgedWrite() throws Exception {
        assertThat(APP.client().post("/users", Map.of("name", "Before")).status())
                .isEqualTo(201);
        final Queue<Outcome> outcomes = new ConcurrentLinkedQueue<>();
        final AtomicBoolean stop = new AtomicBoolean();
        final List<Thread> writers = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            final int writer = w;
            writers.add(Thread.ofVirtual().name("load-" + w).start(() -> {
                for (int i = 0; i < 5_000 && !stop.get(); i++) {
                    outcomes.add(post("load-" + writer + "-" + i));
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
                }
            }));
        }
        final long killedAt;
        final long startedAt;
        try {
            LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(1));
            killedAt = System.nanoTime();
            CASSANDRA.kill();
            try {
                final TestResponse ready = APP.client().get("/health/ready");
                assertThat(ready.status()).as(ready.body()).isEqualTo(503);
                assertThat(ready.body()).contains("\"name\":\"cassandra\"", "\"status\":\"DOWN\"");
            } finally {
                CASSANDRA.start();
            }
            startedAt = System.nanoTime();
            // The driver reconnects by itself: writes succeed again, then the load goes on a little.
            final long deadline = startedAt + TimeUnit.SECONDS.toNanos(30);
            while (outcomes.stream().noneMatch(answeredAfter(startedAt)) && System.nanoTime() < deadline) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
            }
            LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(1));
        } finally {
            stop.set(true);
            for (final Thread writer : writers) {
                writer.join(REQUEST_BOUND.multipliedBy(2));
            }
        }

        final List<Outcome> all = List.copyOf(outcomes);
        System.out.printf(
                "Kill under load: %d requests, %d answered 201 (%d after the restart), %d answered 503,"
                        + " the slowest in %d ms%n",
                all.size(),
                all.stream().filter(outcome -> outcome.status() == 201).count(),
                all.stream().filter(answeredAfter(startedAt)).count(),
                all.stream().filter(outcome -> outcome.status() == 503).count(),
                all.stream()
                        .mapToLong(outcome -> outcome.took().toMillis())
                        .max()
                        .orElse(0));
        assertThat(all)
                .as("every request is answered 201 or, while the node is away, 503")
                .allSatisfy(outcome ->
                        assertThat(outcome.status()).as(outcome.body()).isIn(201, 503));
        assertThat(all)
                .as("a 503 says to try again later and names no driver type")
                .filteredOn(outcome -> outcome.status() == 503)
                .allSatisfy(outcome -> {
                    assertThat(outcome.body())
                            .contains("unavailable; try again later")
                            .doesNotContain("Exception")
                            .doesNotContain("datastax");
                    assertThat(outcome.retryAfter()).isNotEmpty();
                });
        assertThat(all)
                .as("every request is answered within " + REQUEST_BOUND.toMillis() + " ms")
                .allSatisfy(outcome -> assertThat(outcome.took()).isLessThan(REQUEST_BOUND));
        assertThat(all)
                .as("writes while the node is away are refused with 503")
                .anyMatch(outcome -> outcome.status() == 503 && outcome.sentAt() > killedAt);
        assertThat(all)
                .as("writes succeed again after the restart, without restarting the service")
                .anyMatch(answeredAfter(startedAt));
        assertThat(all)
                .as("writes succeeded before the kill")
                .anyMatch(outcome -> outcome.sentAt() < killedAt && outcome.status() == 201);

        final Set<String> acknowledged = new HashSet<>();
        all.forEach(outcome -> outcome.id().ifPresent(acknowledged::add));
        assertThat(storedIds())
                .as("every write answered 201 (" + acknowledged.size() + ") is in Cassandra")
                .containsAll(acknowledged);
        assertThat(APP.client().get("/health/ready").status()).isEqualTo(200);
    }

    private static Set<String> storedIds() {
        final Set<String> ids = new HashSet<>();
        AsyncResultSet page =
                value(APP.application().instance(CassandraClient.class).execute("SELECT id FROM users"));
        while (true) {
            for (final Row row : page.currentPage()) {
                ids.add(row.getUuid("id").toString());
            }
            if (!page.hasMorePages()) {
                return ids;
            }
            page = value(Future.fromCompletionStage(page.fetchNextPage()));
        }
    }

    private static Predicate<Outcome> answeredAfter(final long startedAt) {
        return outcome -> outcome.status() == 201 && outcome.sentAt() > startedAt;
    }

    private static Outcome post(final String name) {
        final long start = System.nanoTime();
        try {
            final TestResponse response = APP.client().post("/users", Map.of("name", name));
            final Optional<String> id = response.status() == 201
                    ? Optional.of(response.json().get("id").asText())
                    : Optional.empty();
            return new Outcome(
                    response.status(),
                    Duration.ofNanos(System.nanoTime() - start),
                    start,
                    id,
                    response.body(),
                    response.header("Retry-After").orElse(""));
        } catch (final RuntimeException e) {
            return new Outcome(
                    -1, Duration.ofNanos(System.nanoTime() - start), start, Optional.empty(), e.toString(), "");
        }
    }

    private static <T> T value(final Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (final Exception e) {
            throw new AssertionError("the store did not answer: " + e, e);
        }
    }
}
