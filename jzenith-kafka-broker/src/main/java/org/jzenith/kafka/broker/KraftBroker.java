package org.jzenith.kafka.broker;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jzenith.core.store.DevServices;

/**
 * A single-node Apache Kafka broker in KRaft mode (broker and controller in one process,
 * replication factors 1) as a child JVM on the loopback address: its {@code server.properties},
 * formatting its storage ({@code kafka.tools.StorageTool format --standalone}), starting {@code
 * kafka.Kafka} with {@code -Xmx256m}, and knowing when it answers. The Kafka plugin's dev service
 * and {@code jzenith-test}'s {@code PrivateKafka} both launch their broker with it; each keeps its
 * own policy for the process (a watchdog and a {@code DevProcess}, or a shutdown hook and {@code
 * kill()}). It has a module of its own, {@code jzenith-kafka-broker}, because the plugin must not
 * need the test kit at run time, the test kit must not need the plugin, and core keeps no Kafka type.
 *
 * <pre>{@code
 * KraftBroker broker = new KraftBroker("the private Kafka", System.getProperty("java.class.path"),
 *         folder, 20417, 20418, 3);
 * broker.prepare(Duration.ofSeconds(60));           // server.properties; data/ formatted once
 * Process process = broker.launch();                // its output goes to folder/kafka.log
 * broker.awaitAnswer(process, Duration.ofSeconds(60));
 * }</pre>
 *
 * <p>No broker is bundled: {@code classpath} must hold {@code org.apache.kafka:kafka_2.13} and its
 * dependencies ({@link #onClasspath} tells). Immutable; {@link #prepare} and {@link #awaitAnswer}
 * block.
 *
 * @param name what the broker is, for messages: {@code "the Kafka dev service"}
 * @param classpath the child JVM's classpath, holding {@code kafka_2.13}
 * @param folder its files: {@code server.properties}, {@code kafka.log}, {@code data/}
 * @param port the port clients connect to, on {@code 127.0.0.1}
 * @param controllerPort the controller's port, on {@code 127.0.0.1}
 * @param partitions how many partitions a topic created on first use gets
 */
public record KraftBroker(String name, String classpath, Path folder, int port, int controllerPort, int partitions) {

    /** The broker's main class. */
    public static final String BROKER_CLASS = "kafka.Kafka";

    private static final String FORMAT_CLASS = "kafka.tools.StorageTool";
    private static final String HOST = "127.0.0.1";
    private static final Duration POLL = Duration.ofMillis(50);
    private static final int LOG_LINES = 40;

    /** Whether {@code loader} sees Kafka's broker ({@value #BROKER_CLASS}). */
    public static boolean onClasspath(final ClassLoader loader) {
        return loader.getResource(BROKER_CLASS.replace('.', '/') + ".class") != null;
    }

    /** Whether {@code folder} holds a broker's formatted storage, as {@link #prepare} leaves it. */
    public static boolean formattedIn(final Path folder) {
        return Files.exists(folder.resolve("data").resolve("meta.properties"));
    }

    /** What clients set as {@code bootstrap.servers}: {@code 127.0.0.1:port}. */
    public String bootstrapServers() {
        return HOST + ":" + port;
    }

    /** The broker's output, and the storage tool's. */
    public Path log() {
        return folder.resolve("kafka.log");
    }

    /**
     * Writes {@code server.properties} for these ports and, unless the folder's storage is formatted
     * already, formats it with a new cluster id; blocks up to {@code wait} for the formatting.
     *
     * @throws IllegalStateException when formatting fails, with the end of its log
     */
    public void prepare(final Duration wait) {
        try {
            Files.createDirectories(folder.resolve("data"));
            Files.writeString(settings(), settingsText(), StandardCharsets.UTF_8);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write " + name + "'s settings in " + folder, e);
        }
        if (formattedIn(folder)) {
            return;
        }
        final Process format = launch(
                FORMAT_CLASS,
                List.of(
                        "format",
                        "--standalone",
                        "--cluster-id",
                        clusterId(),
                        "--config",
                        settings().toString()));
        try {
            if (!format.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS) || format.exitValue() != 0) {
                format.destroyForcibly();
                throw new IllegalStateException("cannot format " + name + "'s data in " + folder + logTail());
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            format.destroyForcibly();
            throw new IllegalStateException("interrupted while formatting " + name + "'s data", e);
        }
    }

    /**
     * Starts the broker ({@value #BROKER_CLASS} with {@code server.properties}) and returns at once;
     * {@link #prepare} comes first. The caller owns the process: it stops it, and ends it should its
     * own JVM end first.
     */
    public Process launch() {
        return launch(BROKER_CLASS, List.of(settings().toString()));
    }

    /**
     * Returns once the broker answers; leaves {@code process} running either way.
     *
     * @throws IllegalStateException when the process ends or {@code wait} passes first, with the end
     *     of its log (read now, before the caller stops it and perhaps deletes the folder)
     */
    public void awaitAnswer(final Process process, final Duration wait) {
        final long deadline = System.nanoTime() + wait.toNanos();
        while (!answers()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException(name + " did not start on " + bootstrapServers()
                        + (process.isAlive() ? " within " + wait.toSeconds() + " s" : "") + logTail());
            }
            LockSupport.parkNanos(POLL.toNanos());
        }
    }

    /** Whether the broker answers now: a Kafka ApiVersions request gets a reply (a bound port is not enough). */
    public boolean answers() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
            socket.setSoTimeout(1000);
            final OutputStream out = socket.getOutputStream();
            // size 10, api key 18 (ApiVersions), version 0, correlation id 1, null client id
            out.write(new byte[] {0, 0, 0, 10, 0, 18, 0, 0, 0, 0, 0, 1, -1, -1});
            out.flush();
            final InputStream in = socket.getInputStream();
            return in.readNBytes(4).length == 4;
        } catch (final IOException e) {
            return false;
        }
    }

    private Path settings() {
        return folder.resolve("server.properties");
    }

    private String settingsText() {
        return String.join(
                "\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.bootstrap.servers=" + HOST + ":" + controllerPort,
                "listeners=PLAINTEXT://" + HOST + ":" + port + ",CONTROLLER://" + HOST + ":" + controllerPort,
                "advertised.listeners=PLAINTEXT://" + HOST + ":" + port,
                "controller.listener.names=CONTROLLER",
                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                "inter.broker.listener.name=PLAINTEXT",
                "log.dirs=" + folder.resolve("data"),
                "num.partitions=" + partitions,
                "offsets.topic.replication.factor=1",
                "offsets.topic.num.partitions=3",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "share.coordinator.state.topic.replication.factor=1",
                "share.coordinator.state.topic.min.isr=1",
                // consumers join at once instead of waiting 3 s for more members
                "group.initial.rebalance.delay.ms=0",
                "auto.create.topics.enable=true",
                // The log cleaner (compacted topics, __consumer_offsets among them) takes 128 MiB for its
                // dedupe buffer by default, half of the broker's heap: starting it beside a loaded broker
                // ended in OutOfMemoryError now and then. A test or dev broker compacts little.
                "log.cleaner.dedupe.buffer.size=" + 8 * 1024 * 1024,
                "");
    }

    private Process launch(final String mainClass, final List<String> arguments) {
        final List<String> command = new ArrayList<>();
        // A session of its own: a Ctrl-C meant for the service (or the build) must not end the broker
        // before the service has drained; its owner stops it in order.
        DevServices.program("setsid").ifPresent(setsid -> command.add(setsid.toString()));
        command.addAll(List.of(
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
                    .directory(folder.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()))
                    .start();
            started.getOutputStream().close();
            return started;
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot run " + mainClass + " for " + name, e);
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

    /**
     * The last lines of the broker's output, introduced by where its log is; empty when there is no
     * log yet. For failure messages: {@code fail("no answer" + broker.logTail())}.
     */
    public String logTail() {
        try {
            final List<String> lines = Files.readAllLines(log(), StandardCharsets.UTF_8);
            return "\nIts log (" + log() + "), the end:\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_LINES), lines.size()));
        } catch (final IOException e) {
            return "";
        }
    }
}
