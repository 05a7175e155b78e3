package org.jzenith.examples.audit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jzenith.test.Await;
import org.jzenith.test.JZenithExtension;
import org.jzenith.test.net.Ports;
import org.jzenith.test.services.LocalServices;

/**
 * One case of {@link OutboxKillIT}: the user service (a child JVM with a JDWP agent) on a fresh
 * database of its own, under a write load of 8 writers whose users' names start with the case's
 * name; the test stops a thread with {@link Breakpoints} and {@link #kill}s the service there;
 * {@link #restartAndDrain} starts it again on the same database, lets the relay drain and checks
 * what every case must hold.
 */
final class KillRun implements AutoCloseable {

    /** The databases the user service runs on; both keep what was committed through a SIGKILL. */
    enum Database {
        /** An H2 file of its own, written at each commit. */
        H2,
        /** A schema of its own on the machine's PostgreSQL, dropped after. */
        POSTGRESQL
    }

    /** Where the JDWP port is taken from: {@code -Djzenith.test.jdwp-ports=22000-22999}; else any free one. */
    private static final String JDWP_PORTS = "jzenith.test.jdwp-ports";

    private static final Duration READY_LOAD = Duration.ofSeconds(60);
    private static final int WRITES_BEFORE = 100;
    private static final int WRITES_AFTER = 50;

    private final String name;
    private final Url database;
    private final UserServiceProcess users;
    private final int jdwpPort;
    private final String bootstrapServers;
    private OutboxChecks.Load load;

    private KillRun(
            final String name,
            final Url database,
            final UserServiceProcess users,
            final int jdwpPort,
            final String bootstrapServers) {
        this.name = name;
        this.database = database;
        this.users = users;
        this.jdwpPort = jdwpPort;
        this.bootstrapServers = bootstrapServers;
    }

    /** The JDBC coordinates of the case's database, and what drops it. */
    private record Url(String url, String user, String password, Optional<String> schema) {}

    /**
     * Makes the database, starts the user service with a JDWP agent and the load, and returns once
     * the service has acknowledged {@value #WRITES_BEFORE} users.
     */
    static KillRun start(final Database kind, final String name, final String bootstrapServers) throws Exception {
        final Path folder = Files.createTempDirectory("outbox-kill-" + name);
        final Url database = create(kind, folder);
        final UserServiceProcess users = UserServiceProcess.of(
                folder.resolve("user-service.log"),
                "jdbc.url=" + database.url(),
                "jdbc.username=" + database.user(),
                "jdbc.password=" + database.password(),
                "kafka.bootstrap-servers=" + bootstrapServers);
        final KillRun run = new KillRun(name, database, users, jdwpPort(), bootstrapServers);
        run.users.startDebuggable(run.jdwpPort);
        run.load = new OutboxChecks.Load(8, name, () -> users);
        run.awaitAcknowledged(WRITES_BEFORE);
        return run;
    }

    private static Url create(final Database kind, final Path folder) throws SQLException {
        return switch (kind) {
            // WRITE_DELAY=0: H2 writes each commit to the file at once; its default (500 ms) would
            // lose committed rows to a SIGKILL, which is what this test does.
            case H2 ->
                new Url(
                        "jdbc:h2:file:" + folder.resolve("users")
                                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;WRITE_DELAY=0",
                        "sa",
                        "",
                        Optional.empty());
            case POSTGRESQL -> {
                final LocalServices.Database postgres = LocalServices.postgresql();
                final String schema =
                        "jzenith_outbox_kill_" + UUID.randomUUID().toString().replace("-", "");
                execute(postgres.jdbcUrl(), postgres.user(), postgres.password(), "CREATE SCHEMA " + schema);
                yield new Url(
                        postgres.jdbcUrl() + "?currentSchema=" + schema,
                        postgres.user(),
                        postgres.password(),
                        Optional.of(schema));
            }
        };
    }

    private static int jdwpPort() {
        final String range = System.getProperty(JDWP_PORTS, "");
        if (range.isBlank()) {
            return Ports.free();
        }
        final String[] bounds = range.split("-");
        if (bounds.length != 2) {
            throw new IllegalArgumentException(JDWP_PORTS + " must read FROM-TO, not " + range);
        }
        return IntStream.rangeClosed(Integer.parseInt(bounds[0].strip()), Integer.parseInt(bounds[1].strip()))
                .filter(KillRun::free)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no free port in " + JDWP_PORTS + "=" + range));
    }

    private static boolean free(final int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return socket.isBound();
        } catch (final IOException e) {
            return false;
        }
    }

    /** A debugger attached to the running service. */
    Breakpoints debugger() {
        return Breakpoints.attach(jdwpPort, Duration.ofSeconds(30));
    }

    /** SIGKILLs the service, which a breakpoint holds; the writers go on, refused until the restart. */
    void kill() throws InterruptedException {
        users.kill();
    }

    /** The outbox table; the service must not run (H2's file admits one process). */
    Map<Long, OutboxChecks.OutboxRow> outbox() throws SQLException {
        return OutboxChecks.outbox(database.url(), database.user(), database.password());
    }

    /** How many records of each of {@code eventIds} the broker holds; absent: none. */
    Map<String, Long> copiesAtTheBroker(final Set<String> eventIds) {
        return OutboxChecks.copiesAtTheBroker(bootstrapServers, eventIds);
    }

    /**
     * Starts the service again on the same database, lets the load write {@value #WRITES_AFTER}
     * more users and stops it, then waits for the audit service to hold every stored user and checks:
     * every acknowledged user is stored, every stored user has exactly one applied event and no
     * other user of this case has one, the outbox has one row per stored user and none for another,
     * and the broker holds each of the outbox's events.
     */
    Outcome restartAndDrain(final JZenithExtension audit) throws Exception {
        users.start();
        awaitAcknowledgedAfterRestart();
        load.close();
        // Read while it does not run: H2's file may be opened by one process at a time.
        users.stop();
        final Set<String> stored = OutboxChecks.users(database.url(), database.user(), database.password());
        final Map<Long, OutboxChecks.OutboxRow> rows = outbox();
        users.start();
        try {
            OutboxChecks.awaitAudited(audit, stored, Duration.ofSeconds(90));
        } finally {
            users.stop();
        }
        final Map<String, Integer> audited = OutboxChecks.audited(audit, name);
        OutboxChecks.assertExactlyOnce(stored, audited, load.acknowledged());
        assertThat(rows.values().stream().map(OutboxChecks.OutboxRow::key).toList())
                .as("one outbox row per stored user, none for another")
                .containsExactlyInAnyOrderElementsOf(stored);
        final Set<String> events =
                rows.values().stream().map(OutboxChecks.OutboxRow::eventId).collect(Collectors.toSet());
        final Map<String, Long> copies = copiesAtTheBroker(events);
        assertThat(copies.keySet())
                .as("every event of the outbox at the broker")
                .isEqualTo(events);
        return new Outcome(
                stored,
                Set.copyOf(load.acknowledged()),
                audited,
                load.refused(),
                copies.values().stream().mapToLong(Long::longValue).sum(),
                events.size());
    }

    private void awaitAcknowledged(final int count) {
        Await.until(
                READY_LOAD,
                "the user service acknowledged " + count + " users of " + name,
                () -> load.acknowledged().size() >= count);
    }

    private void awaitAcknowledgedAfterRestart() {
        awaitAcknowledged(load.acknowledged().size() + WRITES_AFTER);
    }

    /**
     * What a case saw.
     *
     * @param stored the users in the database at the end
     * @param acknowledged the users the service answered 201 for
     * @param audited the users the audit service applied an event for, to how often
     * @param refused the writers' requests that got no 201 (mostly while the service was down)
     * @param records the records of this case's events at the broker
     * @param events the events in the outbox (one per stored user)
     */
    record Outcome(
            Set<String> stored,
            Set<String> acknowledged,
            Map<String, Integer> audited,
            int refused,
            long records,
            long events) {

        /** Records the broker got more than once: the relay sent them again after a kill. */
        long copies() {
            return records - events;
        }

        /** The line a case prints. */
        String describe() {
            return String.format(
                    "%d users stored (%d acknowledged, %d requests refused), %d applied events, %d records at"
                            + " the broker for %d events (%d copies, each dropped by the inbox)",
                    stored.size(), acknowledged.size(), refused, audited.size(), records, events, copies());
        }
    }

    @Override
    public void close() throws SQLException {
        try {
            if (load != null) {
                load.close();
            }
            users.stop();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (database.schema().isPresent()) {
                final LocalServices.Database postgres = LocalServices.postgresql();
                execute(
                        postgres.jdbcUrl(),
                        postgres.user(),
                        postgres.password(),
                        "DROP SCHEMA IF EXISTS " + database.schema().get() + " CASCADE");
            }
        }
    }

    private static void execute(final String url, final String user, final String password, final String sql)
            throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, user, password);
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
