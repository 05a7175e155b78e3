package org.jzenith.test.services;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.jzenith.cassandra.server.CassandraNode;
import org.jzenith.core.store.DevServices;
import org.jzenith.test.net.Ports;

/**
 * A single Apache Cassandra node of the test's own on free ports: a fault test may kill it (SIGKILL)
 * and start it again on the same ports with its data, without Docker and without touching anything
 * else.
 *
 * <pre>{@code
 * @RegisterExtension @Order(1)
 * static final PrivateCassandra CASSANDRA = PrivateCassandra.create();
 *
 * @RegisterExtension @Order(2)
 * static final JZenithExtension APP = JZenithExtension.of(App::application)
 *         .withConfiguration("cassandra.contact-points", CASSANDRA.contactPoint());
 *
 * @Test
 * void survivesACrash() {
 *     CASSANDRA.kill();      // SIGKILL: connections break, the commit log replays at the next start
 *     CASSANDRA.start();     // same ports, same data
 * }
 * }</pre>
 *
 * <p>The node is Cassandra's own ({@code org.apache.cassandra:cassandra-all}) run by {@code
 * jzenith-cassandra-server}'s {@link CassandraNode} as a child JVM on Java 17 or 11 with a 256 MiB
 * heap, from the class path Maven resolved for that module; the module that uses this class depends
 * on {@code jzenith-cassandra-server} (the Cassandra plugin brings it). Its data lives in a new folder
 * under the module's {@code target/}, deleted by {@link #close()}. Its data centre is {@value
 * CassandraNode#DATACENTER}.
 *
 * <p>A start takes some seconds (Cassandra is a large JVM program): share one node per test class.
 * As a JUnit extension on a static field it starts before the tests of the class and is closed after
 * them; without JUnit, call {@link #start()} and close it with try-with-resources. A shutdown hook
 * ends the node if the JVM ends first. Thread-safe.
 */
public final class PrivateCassandra implements AutoCloseable, BeforeAllCallback, AfterAllCallback {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

    private final int port;
    private final int storagePort;
    private Optional<CassandraNode> node = Optional.empty();
    private volatile Optional<Process> process = Optional.empty();
    // Ends the node should this JVM be killed (SIGKILL skips the shutdown hook).
    private Optional<DevServices.Watchdog> watchdog = Optional.empty();
    private Optional<Thread> shutdownHook = Optional.empty();
    private boolean closed;

    private PrivateCassandra(final int port, final int storagePort) {
        this.port = port;
        this.storagePort = storagePort;
    }

    /** A node on free ports, not yet started. */
    public static PrivateCassandra create() {
        return new PrivateCassandra(Ports.free(), Ports.free());
    }

    /** {@code 127.0.0.1}. */
    public String host() {
        return LocalServices.HOST;
    }

    /** The CQL port clients connect to; it stays the same across restarts. */
    public int port() {
        return port;
    }

    /** What a driver names as its contact point, such as {@code 127.0.0.1:20417}. */
    public String contactPoint() {
        return host() + ":" + port;
    }

    /** The node's data centre, which clients name as their local one. */
    public String datacenter() {
        return CassandraNode.DATACENTER;
    }

    /** Whether the node's process runs now. */
    public synchronized boolean isRunning() {
        return process.map(Process::isAlive).orElse(false);
    }

    /** The node's process id while it runs. */
    public synchronized Optional<Long> pid() {
        return process.filter(Process::isAlive).map(Process::pid);
    }

    /**
     * Starts the node and returns once it answers CQL; its data from an earlier start stays. Does
     * nothing when it runs.
     */
    public synchronized void start() {
        if (closed) {
            throw new IllegalStateException("this Cassandra on port " + port + " is closed");
        }
        if (isRunning()) {
            return;
        }
        final CassandraNode cassandra = node.orElseGet(this::prepare);
        final Process started = cassandra.launch();
        process = Optional.of(started);
        try {
            watchdog = Optional.of(DevServices.watch(started.pid(), "KILL"));
            cassandra.awaitAnswer(started, START_TIMEOUT);
        } catch (final RuntimeException e) {
            started.destroyForcibly();
            endWatchdog();
            throw e;
        }
    }

    /**
     * Ends the node with SIGKILL and returns once it has gone: connections break, what the commit log
     * had not written to its file is lost. Its data stays for the next {@link #start()}. Does nothing
     * when it does not run.
     */
    public synchronized void kill() {
        process.ifPresent(running -> ended(ChildProcess.end(running, false, STOP_TIMEOUT, name()), "killing"));
        process = Optional.empty();
        endWatchdog();
    }

    /**
     * Stops the node with SIGTERM and returns once it has gone; its data stays for the next {@link
     * #start()}. Does nothing when it does not run.
     */
    public synchronized void stop() {
        process.ifPresent(running -> ended(ChildProcess.end(running, true, STOP_TIMEOUT, name()), "stopping"));
        process = Optional.empty();
        endWatchdog();
    }

    /** Kills the node if it runs and deletes its data. Safe to call more than once. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        try {
            kill();
        } finally {
            closed = true;
            node.map(CassandraNode::folder).ifPresent(Scratch::delete);
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
        return "PrivateCassandra[" + contactPoint() + (isRunning() ? ", running" : "") + "]";
    }

    private void endWatchdog() {
        watchdog.ifPresent(DevServices.Watchdog::close);
        watchdog = Optional.empty();
    }

    /** Makes the data folder and writes the node's settings; once. */
    private CassandraNode prepare() {
        final CassandraNode cassandra =
                CassandraNode.of("the private Cassandra", Scratch.newFolder("jzenith-cassandra-"), port, storagePort);
        // Java does not end child processes with the JVM: without this a stopped build leaves it running.
        if (shutdownHook.isEmpty()) {
            final Thread hook = Thread.ofPlatform()
                    .name("jzenith-private-cassandra-" + port + "-shutdown")
                    .unstarted(() -> process.ifPresent(Process::destroyForcibly));
            Runtime.getRuntime().addShutdownHook(hook);
            shutdownHook = Optional.of(hook);
        }
        cassandra.prepare();
        node = Optional.of(cassandra);
        return cassandra;
    }

    private void ended(final boolean ended, final String doing) {
        if (!ended) {
            throw new IllegalStateException(
                    name() + " did not end within " + STOP_TIMEOUT.toSeconds() + " s of " + doing + " it");
        }
    }

    private String name() {
        return "the private Cassandra on port " + port;
    }
}
