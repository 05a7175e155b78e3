package org.jzenith.test.services;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * Makes sure a local service that integration tests talk to is running, starting it when it is
 * not, and says how to connect to it.
 *
 * <pre>{@code
 * LocalServices.Database postgres = LocalServices.postgresql();
 * JZenith.application()
 *        .withPlugins(JdbcPlugin.create())
 *        .withConfiguration("jdbc.url", postgres.jdbcUrl())
 *        .withConfiguration("jdbc.username", postgres.user())
 *        .run();
 * }</pre>
 *
 * <p>Each method checks whether the service's port on {@code 127.0.0.1} accepts connections. If
 * not, it runs {@code scripts/services.sh NAME} (found by walking up from the working directory)
 * and waits, at most {@value #WAIT_SECONDS} seconds, for the port. When that is impossible it
 * fails with an {@link IllegalStateException} that says what to install or run.
 *
 * <p>Thread-safe: tests may call it concurrently; the script is idempotent.
 */
public final class LocalServices {

    static final String SCRIPT = "scripts/services.sh";
    static final String HOST = "127.0.0.1";
    static final int WAIT_SECONDS = 30;

    private static final Duration SCRIPT_TIMEOUT = Duration.ofSeconds(WAIT_SECONDS + 30);
    private static final Duration CONNECT_TIMEOUT = Duration.ofMillis(500);
    private static final Duration POLL_INTERVAL = Duration.ofMillis(100);

    /** A relational database on this machine. */
    public record Database(String kind, String host, int port, String database, String user, String password) {

        /** The JDBC URL, such as {@code jdbc:postgresql://127.0.0.1:5432/test}. */
        public String jdbcUrl() {
            return "jdbc:" + kind + "://" + host + ":" + port + "/" + database;
        }

        /** The same server, another database (created by the caller). */
        public Database withDatabase(final String other) {
            return new Database(kind, host, port, other, user, password);
        }

        /** The same database, reached through another address, such as a {@code TcpProxy}. */
        public Database through(final String otherHost, final int otherPort) {
            return new Database(kind, otherHost, otherPort, database, user, password);
        }
    }

    /** A Redis server on this machine. */
    public record Redis(String host, int port) {

        /** The connection string, such as {@code redis://127.0.0.1:6379}. */
        public String uri() {
            return "redis://" + host + ":" + port;
        }

        /** The same server reached through another address, such as a {@code TcpProxy}. */
        public Redis through(final String otherHost, final int otherPort) {
            return new Redis(otherHost, otherPort);
        }
    }

    private enum Service {
        POSTGRESQL("postgresql", 5432, "apt-get install -y postgresql"),
        MARIADB("mariadb", 3306, "apt-get install -y mariadb-server mariadb-client"),
        REDIS("redis", 6379, "apt-get install -y redis-server redis-tools");

        final String scriptName;
        final int port;
        final String install;

        Service(final String scriptName, final int port, final String install) {
            this.scriptName = scriptName;
            this.port = port;
            this.install = install;
        }
    }

    private LocalServices() {}

    /**
     * PostgreSQL on {@code 127.0.0.1:5432}: database {@code test}, user {@code postgres}, empty
     * password (trust authentication on loopback).
     */
    public static Database postgresql() {
        ensureRunning(Service.POSTGRESQL);
        return new Database("postgresql", HOST, Service.POSTGRESQL.port, "test", "postgres", "");
    }

    /** MariaDB on {@code 127.0.0.1:3306}: database {@code test}, user {@code root}, empty password. */
    public static Database mariadb() {
        ensureRunning(Service.MARIADB);
        return new Database("mariadb", HOST, Service.MARIADB.port, "test", "root", "");
    }

    /** Redis on {@code 127.0.0.1:6379}, without authentication. */
    public static Redis redis() {
        ensureRunning(Service.REDIS);
        return new Redis(HOST, Service.REDIS.port);
    }

    /** Whether {@code host:port} accepts a TCP connection within half a second. */
    public static boolean accepts(final String host, final int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), (int) CONNECT_TIMEOUT.toMillis());
            return true;
        } catch (final IOException e) {
            return false;
        }
    }

    private static void ensureRunning(final Service service) {
        if (accepts(HOST, service.port)) {
            return;
        }
        final Path script = findScript(Path.of("").toAbsolutePath())
                .orElseThrow(() -> new IllegalStateException(service.scriptName + " does not accept connections on "
                        + HOST + ":" + service.port + ", and " + SCRIPT + " is not in "
                        + Path.of("").toAbsolutePath() + " or any folder above it to start it."
                        + " Start it yourself, or install it first: " + service.install));
        final String output = runScript(script, service);
        if (!waitForPort(service.port, Duration.ofSeconds(WAIT_SECONDS))) {
            throw new IllegalStateException(service.scriptName + " still does not accept connections on " + HOST + ":"
                    + service.port + " " + WAIT_SECONDS + " s after " + script + " started it. Its output:\n"
                    + output);
        }
    }

    /** The nearest {@value #SCRIPT} in {@code start} or a folder above it. */
    static Optional<Path> findScript(final Path start) {
        for (Path folder = start; folder != null; folder = folder.getParent()) {
            final Path candidate = folder.resolve(SCRIPT);
            if (Files.isRegularFile(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private static String runScript(final Path script, final Service service) {
        final Process process;
        try {
            process = new ProcessBuilder("bash", script.toString(), "start", service.scriptName)
                    .directory(script.getParent().getParent().toFile())
                    .redirectErrorStream(true)
                    .start();
        } catch (final IOException e) {
            throw new IllegalStateException(
                    "cannot run " + script + " to start " + service.scriptName + ": " + e.getMessage()
                            + "; bash is needed, or start " + service.scriptName + " yourself",
                    e);
        }
        try {
            process.getOutputStream().close(); // the script reads nothing
        } catch (final IOException e) {
            // nothing to close then
        }
        final CompletableFuture<String> output = CompletableFuture.supplyAsync(
                () -> readAll(process.getInputStream()),
                command -> Thread.ofVirtual().name("jzenith-services-output").start(command));
        try {
            if (!process.waitFor(SCRIPT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(script + " " + service.scriptName + " did not finish within "
                        + SCRIPT_TIMEOUT.toSeconds() + " s; start " + service.scriptName + " yourself");
            }
            final String text = output.get(5, TimeUnit.SECONDS);
            if (process.exitValue() != 0) {
                throw new IllegalStateException(service.scriptName + " does not accept connections on " + HOST + ":"
                        + service.port + " and " + script + " could not start it (exit " + process.exitValue()
                        + "):\n" + text.strip() + "\nIf it is not installed: " + service.install);
            }
            return text;
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IllegalStateException("interrupted while starting " + service.scriptName, e);
        } catch (final ExecutionException | TimeoutException e) {
            return "(its output could not be read: " + e + ")";
        }
    }

    private static String readAll(final InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean waitForPort(final int port, final Duration timeout) {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (accepts(HOST, port)) {
                return true;
            }
            LockSupport.parkNanos(POLL_INTERVAL.toNanos());
        }
        return accepts(HOST, port);
    }
}
