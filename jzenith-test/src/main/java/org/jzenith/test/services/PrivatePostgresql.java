package org.jzenith.test.services;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalNotFoundException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.jzenith.test.net.Ports;

/**
 * A PostgreSQL cluster of the test's own, made with the machine's installed {@code initdb} and
 * run with its {@code pg_ctl} on a free port: a fault test may stop and start it at will, without
 * touching the machine's PostgreSQL.
 *
 * <pre>{@code
 * @RegisterExtension @Order(1)
 * static final PrivatePostgresql POSTGRES = PrivatePostgresql.create();   // started before the app
 *
 * @RegisterExtension @Order(2)
 * static final JZenithExtension APP = JZenithExtension.of(App::application)
 *         .withConfiguration("postgresql.port", POSTGRES.port());
 *
 * @Test
 * void survivesARestart() {
 *     POSTGRES.stop();      // the application's connections break; new ones are refused
 *     POSTGRES.start();     // same port, same data
 * }
 * }</pre>
 *
 * <p>As a JUnit extension on a static field it starts before the tests of the class and is
 * closed after them; without JUnit, call {@link #start()} and close it with try-with-resources.
 * The cluster has the superuser {@code postgres} without a password (trust authentication, on
 * {@code 127.0.0.1} only), a database {@code test}, and durability switched off for speed. Its
 * files live in a new folder under the module's {@code target/}, deleted by {@link #close()}; a
 * shutdown hook stops the server if the JVM ends first.
 *
 * <p>PostgreSQL refuses to run as root: when the JVM runs as root, the cluster belongs to the
 * system user {@code postgres} and its programs run through {@code runuser}. Where that user
 * cannot reach {@code target/} (the project lies under a private home folder or a {@code mktemp
 * -d} folder), the files' folder is made in the temporary folder ({@code java.io.tmpdir}) instead. The programs are
 * looked for in the usual places ({@code /usr/lib/postgresql/<version>/bin} first), or in the
 * folder named by {@code -Djzenith.postgresql.bin} or {@code JZENITH_POSTGRESQL_BIN}.
 *
 * <p>Thread-safe.
 */
public final class PrivatePostgresql implements AutoCloseable, BeforeAllCallback, AfterAllCallback {

    /** The database that every cluster has from the start. */
    public static final String DATABASE = "test";
    /** The superuser, who logs in without a password. */
    public static final String USER = "postgres";

    private static final String SYSTEM_USER = "postgres";
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final int LOG_LINES = 30;

    private enum State {
        NEW,
        RUNNING,
        STOPPED,
        CLOSED
    }

    private final Path bin;
    private final int port;
    private final List<String> runAs;
    private final Map<String, String> settings;
    private volatile Optional<Path> folder = Optional.empty();
    private volatile State state = State.NEW;
    private boolean testDatabaseCreated;
    private Optional<Thread> shutdownHook = Optional.empty();

    private PrivatePostgresql(
            final Path bin, final int port, final List<String> runAs, final Map<String, String> settings) {
        this.bin = bin;
        this.port = port;
        this.runAs = runAs;
        this.settings = settings;
    }

    /**
     * A cluster on a free port, not yet made or started: {@link #start()} (or the extension's
     * before-all) does that. Fails at once, saying what to install, when the programs are missing.
     */
    public static PrivatePostgresql create() {
        final Path bin = PostgresqlPrograms.find();
        final List<String> runAs = Machine.local().isRoot() ? runAsSystemUser() : List.of();
        return new PrivatePostgresql(bin, Ports.free(), runAs, Map.of());
    }

    /**
     * This cluster with the server setting {@code name = value} in its {@code postgresql.conf}, after
     * the kit's own (so it wins over them), for a test that needs a server configured otherwise than
     * the machine's; only before it was started.
     *
     * <pre>{@code
     * static final PrivatePostgresql POSTGRES = PrivatePostgresql.create().withSetting("wal_level", "logical");
     * }</pre>
     */
    public PrivatePostgresql withSetting(final String name, final String value) {
        if (state != State.NEW) {
            throw new IllegalStateException("withSetting(" + name + ") on " + this + ": only before it starts");
        }
        if (!name.matches("[a-z_.]+") || value.contains("'") || value.contains("\n")) {
            throw new IllegalArgumentException("a PostgreSQL setting is a lower-case name and a value without quotes"
                    + " or line breaks, not " + name + " = " + value);
        }
        final Map<String, String> more = new LinkedHashMap<>(settings);
        more.put(name, value);
        return new PrivatePostgresql(bin, port, runAs, Collections.unmodifiableMap(more));
    }

    /** {@code 127.0.0.1}. */
    public String host() {
        return LocalServices.HOST;
    }

    /** The port the server listens on whenever it runs; it stays the same across restarts. */
    public int port() {
        return port;
    }

    /** How to connect: database {@value #DATABASE}, user {@value #USER}, empty password. */
    public LocalServices.Database database() {
        return new LocalServices.Database("postgresql", host(), port, DATABASE, USER, "");
    }

    /** Whether the server runs now. */
    public boolean isRunning() {
        return state == State.RUNNING;
    }

    /**
     * Starts the server: the first time, makes the cluster and its database {@value #DATABASE};
     * after {@link #stop()}, starts it again on the same port with the same data. Returns once it
     * accepts connections; does nothing when it runs already.
     */
    public synchronized void start() {
        switch (state) {
            case RUNNING -> {
                return;
            }
            case CLOSED -> throw new IllegalStateException("this PostgreSQL on port " + port + " is closed");
            case NEW -> {
                initialise();
                state = State.STOPPED;
            }
            case STOPPED -> {
                // the cluster exists: start it again
            }
        }
        pgCtl("start", "the private PostgreSQL did not start on " + host() + ":" + port, "-l", log().toString());
        state = State.RUNNING;
        if (!testDatabaseCreated) {
            createTestDatabase();
            testDatabaseCreated = true;
        }
    }

    /**
     * Stops the server (fast shutdown: open sessions are ended) and returns once it is gone; the
     * data stays for the next {@link #start()}. Does nothing when it does not run.
     */
    public synchronized void stop() {
        if (state != State.RUNNING) {
            return;
        }
        pgCtl("stop", "the private PostgreSQL on port " + port + " did not stop", "-m", "fast");
        state = State.STOPPED;
    }

    /** Stops the server if it runs and deletes its files. Safe to call more than once. */
    @Override
    public synchronized void close() {
        if (state == State.CLOSED) {
            return;
        }
        try {
            if (state == State.RUNNING) {
                final Commands.Result stopped = run(pgCtlCommand("stop", "-m", "fast"));
                if (!stopped.succeeded()) {
                    run(pgCtlCommand("stop", "-m", "immediate"));
                }
            }
        } finally {
            state = State.CLOSED;
            folder.ifPresent(Scratch::delete);
            shutdownHook.ifPresent(ChildProcess::removeShutdownHook);
        }
    }

    /** The folder with the cluster's files, once it was made. */
    Optional<Path> files() {
        return folder;
    }

    @Override
    public void beforeAll(final ExtensionContext context) {
        start();
    }

    @Override
    public void afterAll(final ExtensionContext context) {
        close();
    }

    @Override
    public String toString() {
        return "PrivatePostgresql[" + host() + ":" + port + ", " + state.name().toLowerCase(java.util.Locale.ROOT)
                + folder.map(path -> ", " + path).orElse("") + "]";
    }

    private void initialise() {
        final Path base = ownFolder();
        folder = Optional.of(base);
        final Thread hook = Thread.ofPlatform()
                .name("jzenith-private-postgresql-" + port + "-shutdown")
                .unstarted(this::stopOnExit);
        Runtime.getRuntime().addShutdownHook(hook);
        shutdownHook = Optional.of(hook);
        final Commands.Result made = run(List.of(
                bin.resolve("initdb").toString(),
                "-D",
                data().toString(),
                "-U",
                USER,
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync"));
        if (!made.succeeded()) {
            throw new IllegalStateException(
                    "cannot make a private PostgreSQL cluster in " + data() + ": " + made.describe());
        }
        // Loopback only and no Unix socket (whose path could be too long under target/); durability
        // is of no use to a test and costs time.
        final String settings = String.join(
                        System.lineSeparator(),
                        "",
                        "# jzenith-test: a private cluster for tests",
                        "port = " + port,
                        "listen_addresses = '" + LocalServices.HOST + "'",
                        "unix_socket_directories = ''",
                        "fsync = off",
                        "synchronous_commit = off",
                        "full_page_writes = off",
                        "shared_buffers = 32MB",
                        "")
                + ownSettings();
        try {
            Files.writeString(
                    data().resolve("postgresql.conf"), settings, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot configure the private PostgreSQL in " + data(), e);
        }
    }

    /** The settings of {@link #withSetting}, as lines of {@code postgresql.conf}. */
    private String ownSettings() {
        final StringBuilder lines = new StringBuilder();
        settings.forEach((name, value) ->
                lines.append(name).append(" = '").append(value).append('\'').append(System.lineSeparator()));
        return lines.toString();
    }

    /** A new folder under {@code target/} that the user who runs PostgreSQL owns and can reach. */
    private Path ownFolder() {
        final Path base = Scratch.newFolder("jzenith-postgresql-");
        if (runAs.isEmpty()) {
            return base;
        }
        giveToSystemUser(base);
        if (run(List.of("test", "-w", base.toString()), base).succeeded()) {
            return base;
        }
        // The user postgres cannot reach target/ (it lies under a private home folder, say).
        Scratch.delete(base);
        final Path elsewhere =
                Scratch.newFolderIn(Path.of(System.getProperty("java.io.tmpdir")), "jzenith-postgresql-");
        giveToSystemUser(elsewhere);
        return elsewhere;
    }

    private void createTestDatabase() {
        final Commands.Result created = Commands.run(
                List.of(
                        bin.resolve("createdb").toString(),
                        "-w",
                        "-h",
                        host(),
                        "-p",
                        Integer.toString(port),
                        "-U",
                        USER,
                        DATABASE),
                folder.orElseThrow(),
                TIMEOUT);
        if (!created.succeeded()) {
            throw new IllegalStateException("cannot create the database " + DATABASE + " in the private PostgreSQL on "
                    + host() + ":" + port + ": " + created.describe());
        }
    }

    private void pgCtl(final String action, final String failure, final String... options) {
        final Commands.Result result = run(pgCtlCommand(action, options));
        if (!result.succeeded()) {
            throw new IllegalStateException(failure + ": " + result.describe() + logTail());
        }
    }

    private List<String> pgCtlCommand(final String action, final String... options) {
        final List<String> command = new ArrayList<>(
                List.of(bin.resolve("pg_ctl").toString(), action, "-D", data().toString(), "-w", "-t", "60", "-s"));
        command.addAll(List.of(options));
        return command;
    }

    private Commands.Result run(final List<String> command) {
        return run(command, folder.orElseThrow());
    }

    private Commands.Result run(final List<String> command, final Path directory) {
        final List<String> full = new ArrayList<>(runAs);
        full.addAll(command);
        return Commands.run(full, directory, TIMEOUT);
    }

    /** Runs when the JVM ends with the server still up: a test that never closed it, or a killed build. */
    private void stopOnExit() {
        if (state == State.RUNNING) {
            run(pgCtlCommand("stop", "-m", "immediate"));
        }
        folder.ifPresent(path -> {
            try {
                Scratch.delete(path);
            } catch (final UncheckedIOException e) {
                // the JVM is ending; target/ is cleaned by the next build
            }
        });
    }

    private String logTail() {
        try {
            final List<String> lines = Files.readAllLines(log(), StandardCharsets.UTF_8);
            return "\nThe server's log (" + log() + "), its end:\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_LINES), lines.size()));
        } catch (final IOException e) {
            return "";
        }
    }

    private Path data() {
        return folder.orElseThrow().resolve("data");
    }

    private Path log() {
        return folder.orElseThrow().resolve("postgresql.log");
    }

    private static List<String> runAsSystemUser() {
        final Path runuser = Programs.find("runuser")
                .orElseThrow(() -> new IllegalStateException("PostgreSQL refuses to run as root, and runuser (package"
                        + " util-linux) is missing to run it as the user " + SYSTEM_USER
                        + ". Install it, or run the tests as a user other than root."));
        return List.of(runuser.toString(), "-u", SYSTEM_USER, "--");
    }

    private static void giveToSystemUser(final Path path) {
        try {
            final UserPrincipal owner =
                    path.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(SYSTEM_USER);
            Files.setOwner(path, owner);
        } catch (final UserPrincipalNotFoundException e) {
            throw new IllegalStateException("PostgreSQL refuses to run as root, and there is no system user "
                    + SYSTEM_USER + " to run it as. Install PostgreSQL's server package (which creates it) or create"
                    + " it: useradd --system " + SYSTEM_USER + "; or run the tests as a user other than root.");
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot hand " + path + " to the user " + SYSTEM_USER, e);
        }
    }
}
