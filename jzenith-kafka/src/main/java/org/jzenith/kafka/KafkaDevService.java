package org.jzenith.kafka;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.store.DevProcess;
import org.jzenith.core.store.DevProcessServer;
import org.jzenith.core.store.DevServices;
import org.jzenith.kafka.broker.KraftBroker;

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

    private static final String NAME = "the Kafka dev service";
    private static final int PARTITIONS = 3;
    private static final Duration START_WAIT = Duration.ofSeconds(90);
    private static final Duration STOP_WAIT = Duration.ofSeconds(30);

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
        return KraftBroker.onClasspath(KafkaDevService.class.getClassLoader());
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
        final Optional<Ports> remembered = Ports.remembered(folder);
        if (remembered.isPresent() && !remembered.get().free() && KraftBroker.formattedIn(folder)) {
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
        final KraftBroker broker = new KraftBroker(
                NAME, System.getProperty("java.class.path"), folder, ports.broker(), ports.controller(), PARTITIONS);
        try {
            ports.remember(folder);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write the Kafka dev service's settings in " + folder, e);
        }
        broker.prepare(START_WAIT);
        final Process process = broker.launch();
        final Running running = new Running(
                DevProcess.watched(process, folder, services.keepsData(), STOP_WAIT), services, ports.broker());
        try {
            broker.awaitAnswer(process, START_WAIT);
        } catch (final IllegalStateException e) {
            running.close();
            throw e;
        }
        return running;
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
            try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
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
     * @param process the broker's process, its files and its watchdog
     * @param services the dev services' settings it was started with
     * @param port its client port on 127.0.0.1
     */
    record Running(DevProcess process, DevServices services, int port) implements DevProcessServer {

        /** What clients set as {@code bootstrap.servers}. */
        String bootstrapServers() {
            return "127.0.0.1:" + port;
        }

        @Override
        public String describe() {
            return "a Kafka broker at " + bootstrapServers();
        }
    }
}
