package org.jzenith.test.services;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
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
public final class PrivateKafka implements AutoCloseable, BeforeAllCallback, AfterAllCallback {

    static final String CLASSPATH_PROPERTY = "jzenith.kafka.classpath";

    private static final String BROKER_CLASS = "kafka.Kafka";
    private static final String FORMAT_CLASS = "kafka.tools.StorageTool";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(50);
    private static final int LOG_LINES = 40;

    private final String classpath;
    private final int port;
    private final int controllerPort;
    private final int partitions;
    private Optional<Path> folder = Optional.empty();
    private volatile Optional<Process> process = Optional.empty();
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
        final Path base = folder.orElseGet(this::prepare);
        final Process started = launch(BROKER_CLASS, List.of(properties().toString()), base);
        process = Optional.of(started);
        final long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!LocalServices.accepts(host(), port)) {
            if (!started.isAlive() || System.nanoTime() > deadline) {
                started.destroyForcibly();
                throw new IllegalStateException("the private Kafka did not start on " + bootstrapServers()
                        + (started.isAlive() ? " within " + START_TIMEOUT.toSeconds() + " s" : "") + "; its log ("
                        + log() + "), the end:\n" + readLog());
            }
            LockSupport.parkNanos(POLL.toNanos());
        }
    }

    /**
     * Ends the broker with SIGKILL and returns once it has gone: nothing is flushed, connections
     * break. Its data stays for the next {@link #start()}. Does nothing when it does not run.
     */
    public synchronized void kill() {
        process.ifPresent(running -> ended(ChildProcess.end(running, false, STOP_TIMEOUT, name()), "killing"));
        process = Optional.empty();
    }

    /**
     * Stops the broker with SIGTERM (a controlled shutdown) and returns once it has gone; its data
     * stays for the next {@link #start()}. Does nothing when it does not run.
     */
    public synchronized void stop() {
        process.ifPresent(running -> ended(ChildProcess.end(running, true, STOP_TIMEOUT, name()), "stopping"));
        process = Optional.empty();
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
        return "PrivateKafka[" + bootstrapServers() + (isRunning() ? ", running" : "") + "]";
    }

    /** Makes the data folder, writes the broker's settings and formats its storage; once. */
    private Path prepare() {
        final Path base = Scratch.newFolder("jzenith-kafka-");
        folder = Optional.of(base);
        // Java does not end child processes with the JVM: without this a killed build leaves it running.
        final Thread hook = Thread.ofPlatform()
                .name("jzenith-private-kafka-" + port + "-shutdown")
                .unstarted(() -> process.ifPresent(Process::destroyForcibly));
        Runtime.getRuntime().addShutdownHook(hook);
        shutdownHook = Optional.of(hook);
        try {
            Files.createDirectories(base.resolve("data"));
            Files.writeString(properties(), settings(base.resolve("data")), StandardCharsets.UTF_8);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write the private Kafka's settings in " + base, e);
        }
        final Process format = launch(
                FORMAT_CLASS,
                List.of(
                        "format",
                        "--standalone",
                        "--cluster-id",
                        clusterId(),
                        "--config",
                        properties().toString()),
                base);
        try {
            if (!format.waitFor(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS) || format.exitValue() != 0) {
                format.destroyForcibly();
                throw new IllegalStateException(
                        "cannot format the private Kafka's storage in " + base + "; its log:\n" + readLog());
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            format.destroyForcibly();
            throw new IllegalStateException("interrupted while formatting the private Kafka's storage", e);
        }
        return base;
    }

    private String settings(final Path data) {
        // The log cleaner's dedupe buffer is 128 MiB by default, one array in a 256 MiB heap: under a
        // loaded machine's start-up the old generation had no room for it and the broker died with
        // "Error starting LogManager" (OutOfMemoryError). Tests compact nothing large; 16 MiB is plenty.
        return String.join(
                "\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.bootstrap.servers=" + host() + ":" + controllerPort,
                "listeners=PLAINTEXT://" + host() + ":" + port + ",CONTROLLER://" + host() + ":" + controllerPort,
                "advertised.listeners=PLAINTEXT://" + host() + ":" + port,
                "controller.listener.names=CONTROLLER",
                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                "inter.broker.listener.name=PLAINTEXT",
                "log.dirs=" + data,
                "num.partitions=" + partitions,
                "offsets.topic.replication.factor=1",
                "offsets.topic.num.partitions=3",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "share.coordinator.state.topic.replication.factor=1",
                "share.coordinator.state.topic.min.isr=1",
                "group.initial.rebalance.delay.ms=0",
                "auto.create.topics.enable=true",
                "log.cleaner.dedupe.buffer.size=16777216",
                "");
    }

    private Process launch(final String mainClass, final List<String> arguments, final Path base) {
        final List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-Djava.awt.headless=true",
                "-cp",
                classpath,
                mainClass));
        command.addAll(arguments);
        try {
            final Process started = new ProcessBuilder(command)
                    .directory(base.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()))
                    .start();
            started.getOutputStream().close();
            return started;
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot run " + mainClass + " for the private Kafka", e);
        }
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

    private Path properties() {
        return folder.orElseThrow().resolve("server.properties");
    }

    private Path log() {
        return folder.orElseThrow().resolve("kafka.log");
    }

    private String readLog() {
        try {
            final List<String> lines = Files.readAllLines(log(), StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_LINES), lines.size()));
        } catch (final IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /** A cluster id as Kafka makes them: 16 random bytes, base64url, not starting with a dash. */
    private static String clusterId() {
        final SecureRandom random = new SecureRandom();
        final byte[] bytes = new byte[16];
        String id;
        do {
            random.nextBytes(bytes);
            id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        } while (id.startsWith("-"));
        return id;
    }

    private static String findClasspath() {
        final Optional<String> override =
                Optional.ofNullable(System.getProperty(CLASSPATH_PROPERTY)).filter(value -> !value.isBlank());
        if (override.isPresent()) {
            return override.get();
        }
        if (PrivateKafka.class.getClassLoader().getResource("kafka/Kafka.class") == null) {
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
