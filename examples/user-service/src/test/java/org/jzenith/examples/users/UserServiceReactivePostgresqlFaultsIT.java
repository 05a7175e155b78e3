package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.TestResponse;
import org.jzenith.test.services.LocalServices;
import org.jzenith.test.services.PrivatePostgresql;

/**
 * The user service on {@code user.store=postgresql} when its PostgreSQL is restarted under load,
 * and when it cannot log in or find its database at start-up.
 *
 * <p>The restart is real (the server process stops and starts again) but of a PostgreSQL cluster of
 * the test's own, made under {@code target/} on a free port; the machine's PostgreSQL is never
 * touched.
 */
class UserServiceReactivePostgresqlFaultsIT {

    private static final Duration CONNECTION_TIMEOUT = Duration.ofSeconds(1);
    /** The most a request may take while PostgreSQL is away: the connection timeout and a margin. */
    private static final Duration REQUEST_BOUND = CONNECTION_TIMEOUT.plusSeconds(4);

    private static final int WRITERS = 4;
    private static final int MAX_REQUESTS_PER_WRITER = 3_000;
    private static final Duration PACE = Duration.ofMillis(5);
    private static final Duration LOAD_BEFORE = Duration.ofSeconds(1);
    private static final Duration OUTAGE = Duration.ofMillis(1500);
    private static final Duration LOAD_AFTER = Duration.ofSeconds(1);
    private static final Duration RECOVERY_BOUND = Duration.ofSeconds(20);

    @RegisterExtension
    @Order(1)
    static final PrivatePostgresql POSTGRES = PrivatePostgresql.create();

    private static final LocalServices.Database DATABASE = POSTGRES.database();

    @RegisterExtension
    @Order(2)
    static final JZenithExtension APP = PostgresqlDatabases.onReactiveStore(
                    JZenithExtension.of(UserServiceApplication::application), DATABASE)
            .withConfiguration("postgresql.connection-timeout", CONNECTION_TIMEOUT.toMillis() + "ms");

    /** One answered request of the load. */
    private record Outcome(int status, Duration took, long sentAt, Optional<String> id, String body) {}

    @Test
    void answers503DuringARestartUnderLoadRecoversAndKeepsEveryAnsweredWrite() throws InterruptedException {
        assertThat(APP.client().post("/users", Map.of("name", "Before")).status())
                .isEqualTo(201);

        final Queue<Outcome> outcomes = new ConcurrentLinkedQueue<>();
        final AtomicBoolean stop = new AtomicBoolean();
        final List<Thread> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            final int writer = w;
            writers.add(Thread.ofVirtual().name("load-" + w).start(() -> {
                for (int i = 0; i < MAX_REQUESTS_PER_WRITER && !stop.get(); i++) {
                    outcomes.add(post("load-" + writer + "-" + i));
                    LockSupport.parkNanos(PACE.toNanos());
                }
            }));
        }

        final long stoppingAt;
        final long startedAt;
        try {
            LockSupport.parkNanos(LOAD_BEFORE.toNanos());
            stoppingAt = System.nanoTime();
            POSTGRES.stop();
            try {
                LockSupport.parkNanos(OUTAGE.toNanos());
                final TestResponse ready = APP.client().get("/health/ready");
                assertThat(ready.status()).as(ready.body()).isEqualTo(503);
                assertThat(ready.body()).contains("\"name\":\"postgresql\"", "\"status\":\"DOWN\"");
            } finally {
                POSTGRES.start();
            }
            startedAt = System.nanoTime();

            // The pool reconnects by itself: writes succeed again, then the load goes on a little.
            final long deadline = startedAt + RECOVERY_BOUND.toNanos();
            while (outcomes.stream().noneMatch(answeredAfter(startedAt)) && System.nanoTime() < deadline) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
            }
            LockSupport.parkNanos(LOAD_AFTER.toNanos());
        } finally {
            stop.set(true);
            for (final Thread writer : writers) {
                writer.join(REQUEST_BOUND.multipliedBy(2));
            }
        }

        final List<Outcome> all = List.copyOf(outcomes);
        System.out.printf(
                "Restart under load: %d requests, %d answered 201 (%d after the restart), %d answered 503,"
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
                .as("every request is answered 201 or, while PostgreSQL is away, 503")
                .allSatisfy(outcome ->
                        assertThat(outcome.status()).as(outcome.body()).isIn(201, 503));
        assertThat(all)
                .as("every request is answered within " + REQUEST_BOUND.toMillis() + " ms")
                .allSatisfy(outcome -> assertThat(outcome.took()).isLessThan(REQUEST_BOUND));
        assertThat(all)
                .as("writes during the outage are refused with 503")
                .anyMatch(outcome -> outcome.status() == 503 && outcome.sentAt() > stoppingAt);
        assertThat(all)
                .as("writes succeed again after the restart, without restarting the service")
                .anyMatch(answeredAfter(startedAt));
        assertThat(all)
                .as("writes succeeded before the outage")
                .anyMatch(outcome -> outcome.sentAt() < stoppingAt && outcome.status() == 201);

        final Set<String> answered = ConcurrentHashMap.newKeySet();
        all.forEach(outcome -> outcome.id().ifPresent(answered::add));
        assertThat(PostgresqlDatabases.userIds(DATABASE))
                .as("every write answered 201 (" + answered.size() + ") is in the database")
                .containsAll(answered);
        assertThat(APP.client().get("/health/ready").status()).isEqualTo(200);
        final String last = answered.iterator().next();
        assertThat(APP.client().get("/users/" + last).status()).isEqualTo(200);
    }

    @Test
    void anUnknownRoleStopsStartUpNamingTheKey() throws Exception {
        final Run run = runService("--postgresql.username=no_such_role_4711", "--postgresql.password=hunter2-4711");
        assertThat(run.exitCode()).as(run.output()).isNotZero();
        assertThat(run.output())
                .contains("role \"no_such_role_4711\" does not exist")
                .contains("set postgresql.username to a role that exists")
                .doesNotContain("hunter2-4711");
    }

    @Test
    void anUnknownDatabaseStopsStartUpNamingTheKey() throws Exception {
        final Run run = runService("--postgresql.database=no_such_db_4711", "--postgresql.password=hunter2-4711");
        assertThat(run.exitCode()).as(run.output()).isNotZero();
        assertThat(run.output())
                .contains("database \"no_such_db_4711\" does not exist")
                .contains("set postgresql.database to a database that exists")
                .doesNotContain("hunter2-4711");
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
                    response.status(), Duration.ofNanos(System.nanoTime() - start), start, id, response.body());
        } catch (final RuntimeException e) {
            return new Outcome(-1, Duration.ofNanos(System.nanoTime() - start), start, Optional.empty(), e.toString());
        }
    }

    /** The service's exit code and output when started with {@code overrides} on the reactive store. */
    private static Run runService(final String... overrides) throws IOException, InterruptedException {
        final String java = ProcessHandle.current().info().command().orElse("java");
        final List<String> command = new ArrayList<>(List.of(
                java,
                "--enable-native-access=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow",
                "-cp",
                System.getProperty("java.class.path"),
                UserServiceApplication.class.getName(),
                "--rest.port=0",
                "--user.store=postgresql",
                "--postgresql.host=" + DATABASE.host(),
                "--postgresql.port=" + DATABASE.port(),
                "--postgresql.database=" + DATABASE.database(),
                "--postgresql.username=" + DATABASE.user()));
        command.addAll(List.of(overrides));
        final Process process =
                new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the service neither started nor failed within 60 s");
        }
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(process.exitValue(), output);
    }

    private record Run(int exitCode, String output) {}
}
