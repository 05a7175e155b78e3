package org.jzenith.test.services;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;
import org.jzenith.core.store.DevServices;
import org.jzenith.kafka.broker.KraftBroker;
import org.jzenith.test.net.Ports;

/**
 * A single-node Kafka broker of the test's own (KRaft, broker and controller in one JVM) on free
 * ports: a fault test may kill it (SIGKILL) and start it again with its data, without Docker and
 * without touching anything else.
 *
 * <pre>{@code
 * @RegisterExtension @Order(1)
 * static final PrivateKafka KAFKA = PrivateKafka.create();
 *
 * @RegisterExtension @Order(2)
 * static final JZenithExtension APP = JZenithExtension.of(App::application)
 *         .withConfiguration("kafka.bootstrap-servers", KAFKA.bootstrapServers());
 *
 * @Test
 * void survivesACrash() {
 *     KAFKA.kill();      // SIGKILL: connections break, nothing is flushed
 *     KAFKA.start();     // same ports, same data
 * }
 * }</pre>
 *
 * <p>The broker is Apache Kafka's own ({@code kafka.Kafka} of {@code org.apache.kafka:kafka_2.13}),
 * run as a child JVM ({@code -Xmx256m}) from the test's own classpath: the module that uses this
 * class adds {@code kafka_2.13} at the version of its {@code kafka-clients} with scope {@code test},
 * and Maven resolves it like any other dependency. {@code -Djzenith.kafka.classpath=...} names
 * another classpath. The first start formats its data folder ({@code kafka.tools.StorageTool format
 * --standalone}), a new folder under the module's {@code target/}; later starts reuse it. Every
 * replication factor is 1, {@code group.initial.rebalance.delay.ms} is 0 so that consumers join at
 * once, and topics are created on first use with {@code num.partitions} partitions (3 unless
 * given to {@link #create(int)}).
 *
 * <p>As a JUnit extension on a static field it starts before the tests of the class and is closed
 * after them; without JUnit, call {@link #start()} and close it with try-with-resources. A shutdown
 * hook ends the broker if the JVM ends first. Thread-safe.
 */
public final class PrivateKafka implements AutoCloseable, BeforeAllCallback, AfterAllCallback, TestWatcher {

    static final String CLASSPATH_PROPERTY = "jzenith.kafka.classpath";

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

    private final String classpath;
    private final int port;
    private final int controllerPort;
    private final int partitions;
    private Optional<KraftBroker> broker = Optional.empty();
    private volatile Optional<Process> process = Optional.empty();
    // Ends the broker should this JVM be killed (SIGKILL skips the shutdown hook): the broker runs in a
    // session of its own, out of reach of a kill of the build's process group.
    private Optional<DevServices.Watchdog> watchdog = Optional.empty();
    private Optional<Thread> shutdownHook = Optional.empty();
    private boolean closed;

    private PrivateKafka(final String classpath, final int port, final int controllerPort, final int partitions) {
        this.classpath = classpath;
        this.port = port;
        this.controllerPort = controllerPort;
        this.partitions = partitions;
    }

    /**
     * A broker on free ports, not yet started, whose topics get 3 partitions. Fails at once, naming
     * the dependency to add, when {@code kafka_2.13} is not on the classpath.
     */
    public static PrivateKafka create() {
        return create(3);
    }

    /** A broker on free ports, not yet started, whose topics get {@code partitions} partitions. */
    public static PrivateKafka create(final int partitions) {
        if (partitions < 1) {
            throw new IllegalArgumentException("a topic has at least 1 partition, not " + partitions);
        }
        return new PrivateKafka(findClasspath(), Ports.free(), Ports.free(), partitions);
    }

    /** {@code 127.0.0.1}. */
    public String host() {
        return LocalServices.HOST;
    }

    /** The port clients connect to; it stays the same across restarts. */
    public int port() {
        return port;
    }

    /** What clients set as {@code bootstrap.servers}, such as {@code 127.0.0.1:20417}. */
    public String bootstrapServers() {
        return host() + ":" + port;
    }

    /** Whether the broker's process runs now. */
    public synchronized boolean isRunning() {
        return process.map(Process::isAlive).orElse(false);
    }

    /** The broker's process id while it runs. */
    public synchronized Optional<Long> pid() {
        return process.filter(Process::isAlive).map(Process::pid);
    }

    /**
     * Starts the broker and returns once it accepts connections; its data from an earlier start
     * stays. Does nothing when it runs.
     */
    public synchronized void start() {
        if (closed) {
            throw new IllegalStateException("this Kafka on port " + port + " is closed");
        }
        if (isRunning()) {
            return;
        }
        final KraftBroker kafka = broker.orElseGet(this::prepare);
        final Process started = kafka.launch();
        process = Optional.of(started);
        try {
            watchdog = Optional.of(DevServices.watch(started.pid(), "KILL"));
            kafka.awaitAnswer(started, START_TIMEOUT);
        } catch (final RuntimeException e) {
            started.destroyForcibly();
            endWatchdog();
            throw e;
        }
    }

    private void endWatchdog() {
        watchdog.ifPresent(DevServices.Watchdog::close);
        watchdog = Optional.empty();
    }

    /**
     * Ends the broker with SIGKILL and returns once it has gone: nothing is flushed, connections
     * break. Its data stays for the next {@link #start()}. Does nothing when it does not run.
     */
    public synchronized void kill() {
        process.ifPresent(running -> ended(ChildProcess.end(running, false, STOP_TIMEOUT, name()), "killing"));
        process = Optional.empty();
        endWatchdog();
    }

    /**
     * Stops the broker with SIGTERM (a controlled shutdown) and returns once it has gone; its data
     * stays for the next {@link #start()}. Does nothing when it does not run.
     */
    public synchronized void stop() {
        process.ifPresent(running -> ended(ChildProcess.end(running, true, STOP_TIMEOUT, name()), "stopping"));
        process = Optional.empty();
        endWatchdog();
    }

    /** Kills the broker if it runs and deletes its data. Safe to call more than once. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        try {
            kill();
        } finally {
            closed = true;
            broker.map(KraftBroker::folder).ifPresent(Scratch::delete);
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

    /**
     * Prints the end of the broker's log when a test fails: the broker's side of a failure (a
     * partition without a leader, a fenced broker) is otherwise deleted with its folder.
     */
    @Override
    public void testFailed(final ExtensionContext context, final Throwable cause) {
        broker.ifPresent(kafka -> System.err.println(context.getDisplayName() + " failed; " + this + kafka.logTail()));
    }

    @Override
    public String toString() {
        return "PrivateKafka[" + bootstrapServers() + (isRunning() ? ", running" : "") + "]";
    }

    /** Makes the data folder, writes the broker's settings and formats its storage; once. */
    private KraftBroker prepare() {
        final KraftBroker kafka = new KraftBroker(
                "the private Kafka", classpath, Scratch.newFolder("jzenith-kafka-"), port, controllerPort, partitions);
        // Java does not end child processes with the JVM: without this a stopped build leaves it running.
        if (shutdownHook.isEmpty()) {
            final Thread hook = Thread.ofPlatform()
                    .name("jzenith-private-kafka-" + port + "-shutdown")
                    .unstarted(() -> process.ifPresent(Process::destroyForcibly));
            Runtime.getRuntime().addShutdownHook(hook);
            shutdownHook = Optional.of(hook);
        }
        try {
            kafka.prepare(START_TIMEOUT);
        } catch (final RuntimeException e) {
            Scratch.delete(kafka.folder());
            throw e;
        }
        // Only formatted storage is kept for the next start: after a failed format, start() formats again.
        broker = Optional.of(kafka);
        return kafka;
    }

    private void ended(final boolean ended, final String doing) {
        if (!ended) {
            throw new IllegalStateException(
                    name() + " did not end within " + STOP_TIMEOUT.toSeconds() + " s of " + doing + " it");
        }
    }

    private String name() {
        return "the private Kafka on port " + port;
    }

    private static String findClasspath() {
        final Optional<String> override =
                Optional.ofNullable(System.getProperty(CLASSPATH_PROPERTY)).filter(value -> !value.isBlank());
        if (override.isPresent()) {
            return override.get();
        }
        if (!KraftBroker.onClasspath(PrivateKafka.class.getClassLoader())) {
            throw new IllegalStateException("the Kafka broker (kafka.Kafka) is not on the classpath. Add it to the"
                    + " module's pom, at the version of kafka-clients:\n"
                    + "  <dependency>\n"
                    + "    <groupId>org.apache.kafka</groupId>\n"
                    + "    <artifactId>kafka_2.13</artifactId>\n"
                    + "    <scope>test</scope>\n"
                    + "  </dependency>\n"
                    + "or name a classpath that holds it with -D" + CLASSPATH_PROPERTY + "=...");
        }
        return System.getProperty("java.class.path");
    }
}
