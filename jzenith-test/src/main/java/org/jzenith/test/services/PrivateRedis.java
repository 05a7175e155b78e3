package org.jzenith.test.services;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.jzenith.test.net.Ports;

/**
 * A {@code redis-server} of the test's own on a free port, without persistence: a fault test may
 * stop and start it at will, without touching the machine's Redis.
 *
 * <pre>{@code
 * @RegisterExtension @Order(1)
 * static final PrivateRedis REDIS = PrivateRedis.create("--requirepass", "secret");
 *
 * @RegisterExtension @Order(2)
 * static final JZenithExtension APP = JZenithExtension.of(App::application)
 *         .withConfiguration("redis.connection-string", REDIS.redis().uri());
 *
 * @Test
 * void reconnects() {
 *     REDIS.stop();     // connections break, new ones are refused
 *     REDIS.start();    // same port, empty again
 * }
 * }</pre>
 *
 * <p>As a JUnit extension on a static field it starts before the tests of the class and is
 * closed after them; without JUnit, call {@link #start()} and close it with try-with-resources.
 * It listens on {@code 127.0.0.1} only, keeps nothing on disk (a restart starts empty), and logs
 * to a file in a new folder under the module's {@code target/}, deleted by {@link #close()}. The
 * server is a child process; a shutdown hook ends it if the JVM ends first. {@code redis-server}
 * is looked for on the PATH, or taken from {@code -Djzenith.redis.server} or {@code
 * JZENITH_REDIS_SERVER}.
 *
 * <p>{@link #withTls} makes one that speaks TLS only ({@code rediss://}), with certificates of a
 * {@link TestCertificates}:
 *
 * <pre>{@code
 * @RegisterExtension @Order(0)
 * static final TestCertificates CERTIFICATES = TestCertificates.create();
 *
 * @RegisterExtension @Order(1)
 * static final PrivateRedis REDIS = PrivateRedis.withTls(CERTIFICATES, CERTIFICATES.server());
 * // REDIS.connectionString(): rediss://127.0.0.1:20417; redis.tls.trust-certificates=CERTIFICATES.authority()
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class PrivateRedis implements AutoCloseable, BeforeAllCallback, AfterAllCallback {

    static final String PROPERTY = "jzenith.redis.server";
    static final String VARIABLE = "JZENITH_REDIS_SERVER";

    private static final Duration START_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration POLL = Duration.ofMillis(20);

    private final Path server;
    private final int port;
    private final List<String> arguments;
    private final Optional<Path> sentinelConfiguration;
    private final Optional<Tls> tls;
    private Optional<Path> folder = Optional.empty();
    private volatile Optional<Process> process = Optional.empty();
    private Optional<Thread> shutdownHook = Optional.empty();
    private boolean closed;

    private PrivateRedis(
            final Path server,
            final int port,
            final List<String> arguments,
            final Optional<Path> sentinelConfiguration,
            final Optional<Tls> tls) {
        this.server = server;
        this.port = port;
        this.arguments = List.copyOf(arguments);
        this.sentinelConfiguration = sentinelConfiguration;
        this.tls = tls;
    }

    /**
     * How a server speaks TLS: the certificates it trusts (their authority) and presents.
     *
     * @param certificates the authority and the certificates it signed
     * @param identity the certificate and key the server presents, to clients and as a client itself
     */
    record Tls(TestCertificates certificates, TestCertificates.Pem identity) {

        /** The arguments of redis-server that make it speak TLS only, on {@code port}. */
        List<String> serverArguments(final int port) {
            return List.of(
                    "--port",
                    "0",
                    "--tls-port",
                    Integer.toString(port),
                    "--tls-cert-file",
                    identity.certificate().toString(),
                    "--tls-key-file",
                    identity.privateKey().toString(),
                    "--tls-ca-cert-file",
                    certificates.authority().toString(),
                    // Clients need no certificate unless a test asks for one ("--tls-auth-clients", "yes").
                    "--tls-auth-clients",
                    "no");
        }

        /** The arguments of redis-cli that talk to such a server, with the client certificate. */
        List<String> cliArguments() {
            return List.of(
                    "--tls",
                    "--cacert",
                    certificates.authority().toString(),
                    "--cert",
                    certificates.client().certificate().toString(),
                    "--key",
                    certificates.client().privateKey().toString());
        }
    }

    /**
     * A server on a free port, not yet started, with {@code arguments} added to its command line
     * (such as {@code "--requirepass", "secret"}). Fails at once, saying what to install, when
     * {@code redis-server} is missing.
     */
    public static PrivateRedis create(final String... arguments) {
        return new PrivateRedis(findServer(), Ports.free(), List.of(arguments), Optional.empty(), Optional.empty());
    }

    /**
     * A server on a free port that speaks TLS only, presenting {@code identity} (one of {@code
     * certificates}, such as {@link TestCertificates#server()}, or {@link TestCertificates#otherHost()}
     * for one whose name does not match), trusting the certificates' authority, and not asking clients
     * for a certificate unless {@code arguments} say {@code "--tls-auth-clients", "yes"}. Not yet
     * started.
     */
    public static PrivateRedis withTls(
            final TestCertificates certificates, final TestCertificates.Pem identity, final String... arguments) {
        return new PrivateRedis(
                findServer(),
                Ports.free(),
                List.of(arguments),
                Optional.empty(),
                Optional.of(new Tls(certificates, identity)));
    }

    /**
     * A Redis Sentinel on a free port, reading and rewriting {@code configuration} (a file of its own,
     * which names the master to watch).
     */
    static PrivateRedis sentinel(final Path configuration, final Optional<Tls> tls, final String... arguments) {
        final List<String> all = new ArrayList<>(List.of("--sentinel"));
        all.addAll(List.of(arguments));
        return new PrivateRedis(findServer(), Ports.free(), all, Optional.of(configuration), tls);
    }

    /** {@code 127.0.0.1}. */
    public String host() {
        return LocalServices.HOST;
    }

    /** The port the server listens on whenever it runs; it stays the same across restarts. */
    public int port() {
        return port;
    }

    /**
     * Its address, such as {@code 127.0.0.1:20417}; its {@code uri()} is plain {@code redis://}, also
     * for a server made {@link #withTls}: use {@link #connectionString()}.
     */
    public LocalServices.Redis redis() {
        return new LocalServices.Redis(host(), port);
    }

    /** How to connect: {@code redis://127.0.0.1:20417}, or {@code rediss://...} for a server made {@link #withTls}. */
    public String connectionString() {
        return (tls.isPresent() ? "rediss://" : "redis://") + host() + ":" + port;
    }

    /** How it speaks TLS, if it does. */
    Optional<Tls> tls() {
        return tls;
    }

    /** Whether the server runs now. */
    public synchronized boolean isRunning() {
        return process.map(Process::isAlive).orElse(false);
    }

    /** Starts the server (empty) and returns once it accepts connections; does nothing when it runs. */
    public synchronized void start() {
        if (closed) {
            throw new IllegalStateException("this Redis on port " + port + " is closed");
        }
        if (isRunning()) {
            return;
        }
        final Path base = folder.orElseGet(this::prepare);
        final List<String> command = new ArrayList<>(List.of(server.toString()));
        // redis-server reads a configuration file only as its first argument.
        sentinelConfiguration.ifPresent(file -> command.add(file.toString()));
        command.addAll(tls.map(secure -> secure.serverArguments(port))
                .orElseGet(() -> List.of("--port", Integer.toString(port))));
        command.addAll(List.of(
                "--bind",
                host(),
                "--save",
                "",
                "--appendonly",
                "no",
                "--daemonize",
                "no",
                "--dir",
                base.toString(),
                "--logfile",
                ""));
        command.addAll(arguments);
        final Process started;
        try {
            started = new ProcessBuilder(command)
                    .directory(base.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()))
                    .start();
            started.getOutputStream().close();
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot run " + server, e);
        }
        process = Optional.of(started);
        final long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!LocalServices.accepts(host(), port)) {
            if (!started.isAlive() || System.nanoTime() > deadline) {
                started.destroyForcibly();
                throw new IllegalStateException("the private Redis did not start on " + host() + ":" + port
                        + (started.isAlive() ? " within " + START_TIMEOUT.toSeconds() + " s" : "") + "; its log ("
                        + log() + "):\n" + readLog());
            }
            LockSupport.parkNanos(POLL.toNanos());
        }
    }

    /** Stops the server and returns once its port is closed; its data is gone. Does nothing when it does not run. */
    public synchronized void stop() {
        // SIGTERM: Redis shuts down at once, saving nothing
        process.ifPresent(running -> ChildProcess.end(running, true, STOP_TIMEOUT, name()));
        process = Optional.empty();
    }

    /**
     * Kills the server with SIGKILL, as a crash or an out-of-memory kill would, and returns once it
     * has gone: it answers nothing more and closes nothing cleanly. Does nothing when it does not run.
     */
    public synchronized void kill() {
        process.ifPresent(running -> ChildProcess.end(running, false, STOP_TIMEOUT, name()));
        process = Optional.empty();
    }

    /** Stops the server if it runs and deletes its folder. Safe to call more than once. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        try {
            stop();
        } finally {
            closed = true;
            folder.ifPresent(Scratch::delete);
            shutdownHook.ifPresent(ChildProcess::removeShutdownHook);
        }
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
        return "PrivateRedis[" + connectionString() + (isRunning() ? ", running" : "") + "]";
    }

    private Path prepare() {
        final Path base = Scratch.newFolder("jzenith-redis-");
        folder = Optional.of(base);
        // Java does not end child processes with the JVM: without this a killed build leaves it running.
        final Thread hook = Thread.ofPlatform()
                .name("jzenith-private-redis-" + port + "-shutdown")
                .unstarted(() -> process.ifPresent(Process::destroyForcibly));
        Runtime.getRuntime().addShutdownHook(hook);
        shutdownHook = Optional.of(hook);
        return base;
    }

    private Path log() {
        return folder.orElseThrow().resolve("redis.log");
    }

    private String readLog() {
        try {
            return Files.readString(log(), StandardCharsets.UTF_8).strip();
        } catch (final IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    private static Path findServer() {
        final Optional<String> override = Optional.ofNullable(System.getProperty(PROPERTY))
                .or(() -> Optional.ofNullable(System.getenv(VARIABLE)))
                .filter(value -> !value.isBlank());
        return override.map(Programs::find)
                .orElseGet(() -> Programs.find("redis-server"))
                .orElseThrow(() -> new IllegalStateException("redis-server was not found"
                        + override.map(value -> " at " + value + " (from " + PROPERTY + " or " + VARIABLE + ")")
                                .orElse(" on the PATH")
                        + ". Install it: apt-get install -y redis-server (Debian, Ubuntu), dnf install redis (Fedora),"
                        + " brew install redis (macOS); or name it with -D" + PROPERTY + "=... or " + VARIABLE
                        + "=..."));
    }

    private String name() {
        return "the private Redis on port " + port;
    }
}
