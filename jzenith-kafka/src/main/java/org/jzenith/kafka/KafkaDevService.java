package org.jzenith.kafka;

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
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.store.DevServices;

/**
 * The broker the plugin starts in the {@code dev} and {@code test} profiles when {@code
 * kafka.bootstrap-servers} is not set: Apache Kafka's own ({@code kafka.Kafka} of {@code
 * org.apache.kafka:kafka_2.13}) as a child JVM from the application's classpath, a single KRaft node
 * (broker and controller, replication factors 1) on free ports of the loopback address, with {@code
 * -Xmx256m}. Its data lives in the dev services' folder: in {@code dev} it stays, with the ports it
 * had, for the next start; in {@code test} it goes when the broker stops. No broker is bundled: the
 * application adds {@code kafka_2.13} where it wants one (scope {@code test}), and start-up says so
 * when it is missing.
 *
 * @param services the dev services' settings
 */
record KafkaDevService(DevServices services) {

    /** The broker's main class, looked for on the classpath. */
    static final String BROKER_CLASS = "kafka.Kafka";

    private static final String FORMAT_CLASS = "kafka.tools.StorageTool";
    private static final Duration START_WAIT = Duration.ofSeconds(90);
    private static final Duration STOP_WAIT = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(50);
    private static final int LOG_LINES = 30;

    /**
     * The dev service for this configuration: present in {@code dev} and {@code test} when no
     * bootstrap servers are set; never in other profiles.
     */
    static Optional<KafkaDevService> of(final CoreConfiguration core, final KafkaConfiguration configuration) {
        if (configuration.bootstrapServers().filter(value -> !value.isBlank()).isPresent()) {
            return Optional.empty();
        }
        return DevServices.of(core).map(KafkaDevService::new);
    }

    /** Whether the broker is on the classpath. */
    static boolean brokerPresent() {
        return KafkaDevService.class.getClassLoader().getResource("kafka/Kafka.class") != null;
    }

    /** What is wrong when the broker is not on the classpath, for the start-up report. */
    String missingBroker() {
        return "the Kafka brokers, such as broker:9092: in the " + services.profile() + " profile without them the"
                + " plugin starts a local broker, and Kafka's broker (kafka.Kafka) is not on the classpath. Add it"
                + " at the version of kafka-clients: <dependency><groupId>org.apache.kafka</groupId>"
                + "<artifactId>kafka_2.13</artifactId><scope>test</scope></dependency>; or set"
                + " jzenith.dev-services.enabled=false";
    }

    /** Starts the broker and returns once it accepts connections; blocks. */
    Running start() {
        final Path folder = services.folderFor("kafka");
        final Path log = folder.resolve("kafka.log");
        final Path settings = folder.resolve("server.properties");
        final Optional<Ports> remembered = Ports.remembered(folder);
        if (remembered.isPresent()
                && !remembered.get().free()
                && Files.exists(folder.resolve("data").resolve("meta.properties"))) {
            // Most likely the broker of another service started in the same folder: its data must not
            // be deleted from under it, which picking new ports would do.
            final int port = remembered.get().broker();
            throw new IllegalStateException("the Kafka dev service's folder " + folder + " belongs to a broker whose"
                    + " port 127.0.0.1:" + port + " is in use: a service started in this folder runs it; point this"
                    + " one at it with kafka.bootstrap-servers=127.0.0.1:" + port + ", or, if no broker of yours"
                    + " runs there, delete " + folder + " to start afresh");
        }
        final Ports ports = remembered.filter(Ports::free).orElseGet(() -> {
            // new ports: data formatted for other ones cannot be used (the controller's address is in it)
            DevServices.delete(folder.resolve("data"));
            return Ports.pick();
        });
        try {
            Files.createDirectories(folder.resolve("data"));
            Files.writeString(settings, settings(ports, folder.resolve("data")), StandardCharsets.UTF_8);
            ports.remember(folder);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write the Kafka dev service's settings in " + folder, e);
        }
        if (!Files.exists(folder.resolve("data").resolve("meta.properties"))) {
            format(settings, folder, log);
        }
        final Process process = launch(BROKER_CLASS, List.of(settings.toString()), folder, log);
        final DevServices.Watchdog watchdog = DevServices.watch(process.pid(), "TERM");
        final Running running = new Running(process, ports.broker(), folder, services.keepsData(), watchdog);
        final long deadline = System.nanoTime() + START_WAIT.toNanos();
        while (!accepts(ports.broker())) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                running.close();
                throw new IllegalStateException("the Kafka dev service did not start on 127.0.0.1:" + ports.broker()
                        + (process.isAlive() ? " within " + START_WAIT.toSeconds() + " s" : "") + logTail(log));
            }
            LockSupport.parkNanos(POLL.toNanos());
        }
        return running;
    }

    private static void format(final Path settings, final Path folder, final Path log) {
        final Process format = launch(
                FORMAT_CLASS,
                List.of("format", "--standalone", "--cluster-id", clusterId(), "--config", settings.toString()),
                folder,
                log);
        try {
            if (!format.waitFor(START_WAIT.toMillis(), TimeUnit.MILLISECONDS) || format.exitValue() != 0) {
                format.destroyForcibly();
                throw new IllegalStateException(
                        "cannot format the Kafka dev service's data in " + folder + logTail(log));
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            format.destroyForcibly();
            throw new IllegalStateException("interrupted while formatting the Kafka dev service's data", e);
        }
    }

    private static String settings(final Ports ports, final Path data) {
        return String.join(
                "\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.bootstrap.servers=127.0.0.1:" + ports.controller(),
                "listeners=PLAINTEXT://127.0.0.1:" + ports.broker() + ",CONTROLLER://127.0.0.1:" + ports.controller(),
                "advertised.listeners=PLAINTEXT://127.0.0.1:" + ports.broker(),
                "controller.listener.names=CONTROLLER",
                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                "inter.broker.listener.name=PLAINTEXT",
                "log.dirs=" + data,
                "num.partitions=3",
                "offsets.topic.replication.factor=1",
                "offsets.topic.num.partitions=3",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "share.coordinator.state.topic.replication.factor=1",
                "share.coordinator.state.topic.min.isr=1",
                "group.initial.rebalance.delay.ms=0",
                "auto.create.topics.enable=true",
                "");
    }

    private static Process launch(
            final String mainClass, final List<String> arguments, final Path folder, final Path log) {
        final List<String> command = new ArrayList<>();
        // A session of its own: a Ctrl-C meant for the service must not end the broker before the
        // service has drained; the service stops it in order.
        DevServices.program("setsid").ifPresent(setsid -> command.add(setsid.toString()));
        command.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-Djava.awt.headless=true",
                "-cp",
                System.getProperty("java.class.path"),
                mainClass));
        command.addAll(arguments);
        try {
            final Process started = new ProcessBuilder(command)
                    .directory(folder.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
            started.getOutputStream().close();
            return started;
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot run " + mainClass + " for the Kafka dev service", e);
        }
    }

    /** Whether the broker answers: a Kafka ApiVersions request gets a reply. */
    private static boolean accepts(final int port) {
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

    private static String logTail(final Path log) {
        try {
            final List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return "\nIts log (" + log + "), the end:\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_LINES), lines.size()));
        } catch (final IOException e) {
            return "";
        }
    }

    /** The broker's two ports: for clients, and for its controller. */
    private record Ports(int broker, int controller) {

        private static final String FILE = "ports.properties";

        static Ports pick() {
            return new Ports(DevServices.freePort(), DevServices.freePort());
        }

        /** The ports of the last start in {@code folder}, if it kept them. */
        static Optional<Ports> remembered(final Path folder) {
            final Path file = folder.resolve(FILE);
            if (!Files.exists(file)) {
                return Optional.empty();
            }
            try (InputStream in = Files.newInputStream(file)) {
                final Properties properties = new Properties();
                properties.load(in);
                return Optional.of(new Ports(
                        Integer.parseInt(properties.getProperty("broker", "")),
                        Integer.parseInt(properties.getProperty("controller", ""))));
            } catch (final IOException | NumberFormatException e) {
                return Optional.empty();
            }
        }

        boolean free() {
            return free(broker) && free(controller);
        }

        private static boolean free(final int port) {
            try (java.net.ServerSocket socket = new java.net.ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return socket.isBound();
            } catch (final IOException e) {
                return false;
            }
        }

        void remember(final Path folder) throws IOException {
            Files.writeString(
                    folder.resolve(FILE),
                    "broker=" + broker + "\ncontroller=" + controller + "\n",
                    StandardCharsets.UTF_8);
        }
    }

    /**
     * The started broker; {@link #close()} stops it (SIGTERM, a controlled shutdown).
     *
     * @param process the broker's process
     * @param port its client port on 127.0.0.1
     * @param folder its files
     * @param keepData whether the files stay
     * @param watchdog ends the broker if the JVM dies without stopping it
     */
    record Running(Process process, int port, Path folder, boolean keepData, DevServices.Watchdog watchdog)
            implements AutoCloseable {

        /** What clients set as {@code bootstrap.servers}. */
        String bootstrapServers() {
            return "127.0.0.1:" + port;
        }

        /** Stops the broker and waits until it has gone; outside dev deletes its files. */
        @Override
        public void close() {
            try {
                process.destroy();
                try {
                    if (!process.waitFor(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                        process.destroyForcibly().waitFor(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
                    }
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                    process.destroyForcibly();
                }
            } finally {
                watchdog.close();
                if (!keepData) {
                    DevServices.delete(folder);
                }
            }
        }
    }
}
