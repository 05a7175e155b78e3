package org.jzenith.cassandra;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.jzenith.cassandra.server.CassandraNode;
import org.jzenith.cassandra.server.CassandraServer;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.store.DevProcess;
import org.jzenith.core.store.DevProcessServer;
import org.jzenith.core.store.DevServices;

/**
 * The node the plugin starts in the {@code dev} and {@code test} profiles when {@code
 * cassandra.contact-points} is not set: Apache Cassandra's own ({@code cassandra-all}, from the class
 * path {@code jzenith-cassandra-server} was built with) as a child JVM on Java 17 or 11 with a 256 MiB
 * heap, on free ports of the loopback address. Its data lives in the dev services' folder: in {@code
 * dev} it stays, with the ports it had, for the next start; in {@code test} it goes when the node
 * stops.
 *
 * @param services the dev services' settings
 */
record CassandraDevService(DevServices services) {

    private static final String NAME = "the Cassandra dev service";
    private static final Duration START_WAIT = Duration.ofSeconds(120);
    private static final Duration STOP_WAIT = Duration.ofSeconds(30);

    /**
     * The dev service for this configuration: present in {@code dev} and {@code test} when no contact
     * points are set; never in other profiles.
     */
    static Optional<CassandraDevService> of(final CoreConfiguration core, final CassandraConfiguration configuration) {
        if (!configuration.contactPoints().orElse(List.of()).isEmpty()) {
            return Optional.empty();
        }
        return DevServices.of(core).map(CassandraDevService::new);
    }

    /** What keeps the node from starting here (no Java 17 or 11, a class path gone), for the start-up report. */
    Optional<String> missing() {
        try {
            CassandraServer.java();
            CassandraServer.classpath();
            return Optional.empty();
        } catch (final IllegalStateException e) {
            return Optional.of("the Cassandra nodes, such as db1:9042: in the " + services.profile() + " profile"
                    + " without them the plugin starts a node of its own, and cannot here: " + e.getMessage()
                    + "; or set jzenith.dev-services.enabled=false");
        }
    }

    /** Starts the node and returns once it answers CQL; blocks. */
    Running start() {
        final Path folder = services.folderFor("cassandra");
        final Optional<Ports> remembered = Ports.remembered(folder);
        if (remembered.isPresent() && !remembered.get().free() && CassandraNode.hasDataIn(folder)) {
            final int port = remembered.get().cql();
            throw new IllegalStateException("the Cassandra dev service's folder " + folder + " belongs to a node whose"
                    + " port 127.0.0.1:" + port + " is in use: a service started in this folder runs it; point this"
                    + " one at it with cassandra.contact-points=127.0.0.1:" + port + " and"
                    + " cassandra.local-datacenter=" + CassandraNode.DATACENTER + ", or, if no node of yours runs"
                    + " there, delete " + folder + " to start afresh");
        }
        final Ports ports = remembered.filter(Ports::free).orElseGet(() -> {
            // new ports: the node's data names its old address as its own
            DevServices.delete(folder.resolve("data"));
            return Ports.pick();
        });
        final CassandraNode node = CassandraNode.of(NAME, folder, ports.cql(), ports.storage());
        try {
            ports.remember(folder);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write the Cassandra dev service's settings in " + folder, e);
        }
        node.prepare();
        final Process process = node.launch();
        final Running running = new Running(
                DevProcess.watched(process, folder, services.keepsData(), STOP_WAIT), services, ports.cql());
        try {
            node.awaitAnswer(process, START_WAIT);
        } catch (final IllegalStateException e) {
            running.close();
            throw e;
        }
        return running;
    }

    /** The node's two ports: for CQL, and for other nodes (none ever joins). */
    private record Ports(int cql, int storage) {

        private static final String FILE = "ports.properties";

        static Ports pick() {
            return new Ports(DevServices.freePort(), DevServices.freePort());
        }

        static Optional<Ports> remembered(final Path folder) {
            final Path file = folder.resolve(FILE);
            if (!Files.exists(file)) {
                return Optional.empty();
            }
            try (InputStream in = Files.newInputStream(file)) {
                final Properties properties = new Properties();
                properties.load(in);
                return Optional.of(new Ports(
                        Integer.parseInt(properties.getProperty("cql", "")),
                        Integer.parseInt(properties.getProperty("storage", ""))));
            } catch (final IOException | NumberFormatException e) {
                return Optional.empty();
            }
        }

        boolean free() {
            return free(cql) && free(storage);
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
                    folder.resolve(FILE), "cql=" + cql + "\nstorage=" + storage + "\n", StandardCharsets.UTF_8);
        }
    }

    /**
     * The started node; {@link #close()} stops it (SIGTERM: Cassandra flushes and ends).
     *
     * @param process the node's process, its files and its watchdog
     * @param services the dev services' settings it was started with
     * @param port its CQL port on 127.0.0.1
     */
    record Running(DevProcess process, DevServices services, int port) implements DevProcessServer {

        InetSocketAddress contactPoint() {
            return InetSocketAddress.createUnresolved("127.0.0.1", port);
        }

        @Override
        public String describe() {
            return "a Cassandra " + CassandraServer.VERSION + " node at 127.0.0.1:" + port;
        }
    }
}
