package org.jzenith.test.services;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.jzenith.test.net.Ports;

/**
 * A {@code rabbitmq-server} of the test's own (Debian's), a node of its own name on free ports, its
 * data and logs in a new folder under the module's {@code target/}: a fault test may kill and restart
 * it without touching the machine's RabbitMQ. Its data survives a restart ({@link #kill} then {@link
 * #start}), as a real broker's does; {@link #close} deletes it.
 *
 * <pre>{@code
 * @RegisterExtension @Order(1)
 * static final PrivateRabbitMq RABBIT = PrivateRabbitMq.create();
 *
 * app.withConfiguration("rabbitmq.host", RABBIT.host()).withConfiguration("rabbitmq.port", RABBIT.port());
 * RABBIT.kill();    // SIGKILL, as a crash would
 * RABBIT.start();   // same ports, same data
 * }</pre>
 *
 * <p>The node speaks AMQP on {@code 127.0.0.1} only, user {@code guest}/{@code guest}, no plugins;
 * it registers with the machine's {@code epmd} (started by Erlang if none runs) under its own node
 * name and uses a distribution port and an Erlang cookie of its own. Starting takes seconds (Erlang
 * boots). The server is a child process; a shutdown hook ends it if the JVM ends first. {@code
 * rabbitmq-server} is looked for in {@code /usr/lib/rabbitmq/bin} (Debian's, which runs as the
 * calling user, unlike the wrapper in {@code /usr/sbin}) or on the PATH.
 *
 * <p>Thread-safe.
 */
public final class PrivateRabbitMq implements AutoCloseable, BeforeAllCallback, AfterAllCallback {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration POLL = Duration.ofMillis(50);
    private static final Path DEBIAN = Path.of("/usr/lib/rabbitmq/bin/rabbitmq-server");

    private final Path server;
    private final int port;
    private final int distributionPort;
    private final String node;
    private Optional<Path> folder = Optional.empty();
    private volatile Optional<Process> process = Optional.empty();
    private Optional<Thread> shutdownHook = Optional.empty();
    private boolean closed;

    private PrivateRabbitMq(final Path server, final int port, final int distributionPort) {
        this.server = server;
        this.port = port;
        this.distributionPort = distributionPort;
        this.node = "jzenith-" + port + "@localhost";
    }

    /** A server on free ports, not yet started; fails at once, saying what to install, when RabbitMQ is missing. */
    public static PrivateRabbitMq create() {
        final int port = Ports.free();
        int distribution = Ports.free();
        while (distribution == port) {
            distribution = Ports.free();
        }
        return new PrivateRabbitMq(findServer(), port, distribution);
    }

    /** {@code 127.0.0.1}. */
    public String host() {
        return LocalServices.HOST;
    }

    /** The AMQP port; the same across restarts. */
    public int port() {
        return port;
    }

    /** {@code amqp://guest:guest@127.0.0.1:PORT/%2f}. */
    public String uri() {
        return "amqp://guest:guest@" + host() + ":" + port + "/%2f";
    }

    /** Whether the server runs now. */
    public synchronized boolean isRunning() {
        return process.map(Process::isAlive).orElse(false);
    }

    /** Starts the server (with the data it had) and returns once it accepts AMQP connections; does nothing when it runs. */
    public synchronized void start() {
        if (closed) {
            throw new IllegalStateException("this RabbitMQ on port " + port + " is closed");
        }
        if (isRunning()) {
            return;
        }
        final Path base = folder.orElseGet(this::prepare);
        final ProcessBuilder builder = new ProcessBuilder(server.toString())
                .directory(base.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()));
        final Map<String, String> environment = builder.environment();
        environment.put("HOME", base.resolve("home").toString());
        environment.put("RABBITMQ_NODENAME", node);
        environment.put("RABBITMQ_NODE_IP_ADDRESS", host());
        environment.put("RABBITMQ_NODE_PORT", Integer.toString(port));
        environment.put("RABBITMQ_DIST_PORT", Integer.toString(distributionPort));
        environment.put("RABBITMQ_MNESIA_BASE", base.resolve("mnesia").toString());
        environment.put("RABBITMQ_LOG_BASE", base.resolve("log").toString());
        environment.put("RABBITMQ_CONFIG_FILE", base.resolve("rabbitmq").toString());
        environment.put(
                "RABBITMQ_ADVANCED_CONFIG_FILE", base.resolve("advanced.config").toString());
        environment.put(
                "RABBITMQ_ENABLED_PLUGINS_FILE", base.resolve("enabled_plugins").toString());
        environment.put("RABBITMQ_PID_FILE", base.resolve("rabbitmq.pid").toString());
        environment.put(
                "RABBITMQ_CONF_ENV_FILE", base.resolve("rabbitmq-env.conf").toString());
        final Process started;
        try {
            started = builder.start();
            started.getOutputStream().close();
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot run " + server, e);
        }
        process = Optional.of(started);
        final long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!LocalServices.accepts(host(), port)) {
            if (!started.isAlive() || System.nanoTime() > deadline) {
                end(started, false);
                throw new IllegalStateException("the private RabbitMQ did not start on " + host() + ":" + port
                        + (started.isAlive() ? " within " + START_TIMEOUT.toSeconds() + " s" : "") + "; its log ("
                        + log() + "):\n" + readLog());
            }
            LockSupport.parkNanos(POLL.toNanos());
        }
    }

    /**
     * Runs {@code rabbitmqctl} against this node (as its cookie's owner) and returns its output, such
     * as {@code ctl("set_vm_memory_high_watermark", "0")} to raise a memory alarm, which blocks
     * publishing connections; fails when the command fails.
     */
    public synchronized String ctl(final String... arguments) {
        final Path base = folder.orElseThrow(() -> new IllegalStateException("the private RabbitMQ never started"));
        final List<String> command = new java.util.ArrayList<>(
                List.of(server.resolveSibling("rabbitmqctl").toString(), "-n", node));
        command.addAll(List.of(arguments));
        final ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("HOME", base.resolve("home").toString());
        try {
            final Process ctl = builder.start();
            ctl.getOutputStream().close();
            final String output = new String(ctl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!ctl.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS) || ctl.exitValue() != 0) {
                ctl.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " failed: " + output.strip());
            }
            return output;
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot run " + command.getFirst(), e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command.getFirst(), e);
        }
    }

    /** Stops the server gracefully (SIGTERM) and returns once it has gone. Does nothing when it does not run. */
    public synchronized void stop() {
        process.ifPresent(running -> end(running, true));
        process = Optional.empty();
    }

    /**
     * Kills the server with SIGKILL, as a crash or an out-of-memory kill would, and returns once it
     * has gone: it closes nothing cleanly. Does nothing when it does not run.
     */
    public synchronized void kill() {
        process.ifPresent(running -> end(running, false));
        process = Optional.empty();
    }

    /** Ends the Erlang VM (a child of the start script) and the script, with SIGTERM or SIGKILL. */
    private void end(final Process running, final boolean gracefully) {
        final List<ProcessHandle> vm = running.descendants().toList();
        vm.forEach(child -> {
            if (gracefully) {
                child.destroy();
            } else {
                child.destroyForcibly();
            }
        });
        for (final ProcessHandle child : vm) {
            try {
                child.onExit().get(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (final Exception e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                child.destroyForcibly();
            }
        }
        ChildProcess.end(running, gracefully, STOP_TIMEOUT, name());
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
        return "PrivateRabbitMq[" + host() + ":" + port + ", node " + node + (isRunning() ? ", running" : "") + "]";
    }

    private Path prepare() {
        final Path base = Scratch.newFolder("jzenith-rabbitmq-");
        try {
            final Path home = Files.createDirectories(base.resolve("home"));
            // A cookie of its own: Erlang refuses a cookie file others may read.
            final Path cookie = home.resolve(".erlang.cookie");
            Files.writeString(cookie, UUID.randomUUID().toString().replace("-", ""), StandardCharsets.US_ASCII);
            Files.setPosixFilePermissions(cookie, PosixFilePermissions.fromString("r--------"));
            Files.writeString(base.resolve("enabled_plugins"), "[].", StandardCharsets.US_ASCII);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot prepare " + base, e);
        }
        folder = Optional.of(base);
        // Java does not end child processes with the JVM: without this a killed build leaves it running.
        final Thread hook = Thread.ofPlatform()
                .name("jzenith-private-rabbitmq-" + port + "-shutdown")
                .unstarted(() -> process.ifPresent(running -> {
                    running.descendants().forEach(ProcessHandle::destroyForcibly);
                    running.destroyForcibly();
                }));
        Runtime.getRuntime().addShutdownHook(hook);
        shutdownHook = Optional.of(hook);
        return base;
    }

    private Path log() {
        return folder.orElseThrow().resolve("rabbitmq.out");
    }

    private String readLog() {
        try {
            return Files.readString(log(), StandardCharsets.UTF_8).strip();
        } catch (final IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    private static Path findServer() {
        if (Files.isExecutable(DEBIAN)) {
            return DEBIAN;
        }
        return Programs.find("rabbitmq-server")
                .orElseThrow(() -> new IllegalStateException("rabbitmq-server was not found in " + DEBIAN.getParent()
                        + " or on the PATH. Install it: apt-get install -y rabbitmq-server (Debian, Ubuntu)"));
    }

    private String name() {
        return "the private RabbitMQ on port " + port;
    }
}
