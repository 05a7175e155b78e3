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
import java.util.List;
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
import org.jzenith.test.services.PrivatePostgresql;

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

    /**
     * The JDBC coordinates of the case's database, and what drops it; {@code log}: the service runs
     * with {@code outbox.mode=log}, its events in the write-ahead log, not in a table.
     */
    private record Url(String url, String user, String password, Optional<String> schema, boolean log) {

        Url(final String url, final String user, final String password, final Optional<String> schema) {
            this(url, user, password, schema, false);
        }
    }

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

    /**
     * {@link #start}, with the log outbox ({@code outbox.mode=log}): on a database of its own in {@code
     * postgres} (which has {@code wal_level=logical}), reading a replication slot of the same name.
     */
    static KillRun startLog(final PrivatePostgresql postgres, final String name, final String bootstrapServers)
            throws Exception {
        final Path folder = Files.createTempDirectory("outbox-kill-" + name);
        final String database =
                "kill_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        execute(postgres.database().jdbcUrl(), PrivatePostgresql.USER, "", "CREATE DATABASE " + database);
        final Url url = new Url(
                "jdbc:postgresql://" + postgres.host() + ":" + postgres.port() + "/" + database,
                PrivatePostgresql.USER,
                "",
                Optional.empty(),
                true);
        final UserServiceProcess users = UserServiceProcess.of(
                folder.resolve("user-service.log"),
                "jdbc.url=" + url.url(),
                "jdbc.username=" + url.user(),
                "jdbc.password=",
                "kafka.bootstrap-servers=" + bootstrapServers,
                "outbox.mode=log",
                "outbox.log.slot=" + database);
        final KillRun run = new KillRun(name, url, users, jdwpPort(), bootstrapServers);
        run.users.startDebuggable(run.jdwpPort);
        run.load = new OutboxChecks.Load(8, name, () -> users);
        run.awaitAcknowledged(WRITES_BEFORE);
        return run;
    }

    /**
     * Waits until the server's confirmed position of the log outbox's slot (named as the case's
     * database) reached {@code position}: the server took every confirm the service wrote before it.
     */
    void awaitConfirmed(final long position) {
        final String slot = database.url().substring(database.url().lastIndexOf('/') + 1);
        Await.until(Duration.ofSeconds(30), "the server confirmed the slot to " + position, () -> {
            try (Connection connection =
                            DriverManager.getConnection(database.url(), database.user(), database.password());
                    Statement statement = connection.createStatement();
                    java.sql.ResultSet rows =
                            statement.executeQuery("SELECT (confirmed_flush_lsn - '0/0'::pg_lsn)::bigint"
                                    + " FROM pg_replication_slots WHERE slot_name = '" + slot + "'")) {
                return rows.next() && rows.getLong(1) >= position;
            } catch (final SQLException e) {
                throw new IllegalStateException(e);
            }
        });
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
        final Map<Long, OutboxChecks.OutboxRow> rows = database.log() ? Map.of() : outbox();
        users.start();
        try {
            OutboxChecks.awaitAudited(audit, stored, Duration.ofSeconds(90));
        } finally {
            users.stop();
        }
        final Map<String, Integer> audited = OutboxChecks.audited(audit, name);
        OutboxChecks.assertExactlyOnce(stored, audited, load.acknowledged());
        if (database.log()) {
            return logOutcome(stored, audited);
        }
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

    /**
     * With the log outbox, which keeps no row per event: the broker holds, keyed by the user, exactly one
     * event of each stored user (any number of copies of it) and none of another of this case's users.
     */
    private Outcome logOutcome(final Set<String> stored, final Map<String, Integer> audited) {
        final Map<String, List<String>> byKey = OutboxChecks.eventIdsByKey(bootstrapServers);
        assertThat(byKey.keySet()).as("every stored user's event at the broker").containsAll(stored);
        long records = 0;
        for (final String user : stored) {
            assertThat(Set.copyOf(byKey.get(user)))
                    .as("one event of user %s, copies aside", user)
                    .hasSize(1);
            records += byKey.get(user).size();
        }
        return new Outcome(stored, Set.copyOf(load.acknowledged()), audited, load.refused(), records, stored.size());
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
