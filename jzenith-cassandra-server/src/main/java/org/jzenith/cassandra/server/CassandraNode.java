package org.jzenith.cassandra.server;

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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * One Apache Cassandra node as a child JVM on the loopback address: its {@code cassandra.yaml}
 * (one token, no JMX, small caches), starting {@code CassandraDaemon} with a small heap, and knowing
 * when it answers CQL. The Cassandra plugin's dev service and the test kit's {@code
 * PrivateCassandra} launch their node with it; each keeps its own policy for the process.
 *
 * <pre>{@code
 * CassandraNode node = CassandraNode.of("the private Cassandra", folder, 19042, 17000);
 * node.prepare();                                   // cassandra.yaml, logback.xml
 * Process process = node.launch();                  // its output goes to folder/cassandra.log
 * node.awaitAnswer(process, Duration.ofSeconds(90));
 * }</pre>
 *
 * <p>Its data stays in {@code folder/data} (and the commit log beside it): a node launched again in
 * the same folder on the same ports finds it. Immutable; {@link #awaitAnswer} blocks.
 *
 * @param name what the node is, for messages: {@code "the Cassandra dev service"}
 * @param java the {@code java} to run it with (11 or 17)
 * @param classpath the child JVM's class path, holding {@code cassandra-all}
 * @param folder its files: {@code cassandra.yaml}, {@code cassandra.log}, {@code data/}, ...
 * @param port the CQL (native transport) port, on {@code 127.0.0.1}
 * @param storagePort the inter-node port, on {@code 127.0.0.1}; no other node ever joins
 * @param heapMegabytes the JVM's heap
 * @param quickStart whether its JIT stops at C1: on two CPUs half the time to a CQL answer
 *     (benchmarks/cassandra-node.sh), at the cost of peak throughput, which development and tests do
 *     not need; {@link #withPeakThroughput()} for a benchmark's node
 */
public record CassandraNode(
        String name,
        Path java,
        String classpath,
        Path folder,
        int port,
        int storagePort,
        int heapMegabytes,
        boolean quickStart) {

    /** The heap a node gets unless told: enough for tests and development, not for production. */
    public static final int DEFAULT_HEAP_MEGABYTES = 256;

    /** The data centre the node is in, which clients name as their local one. */
    public static final String DATACENTER = "datacenter1";

    private static final String MAIN_CLASS = "org.apache.cassandra.service.CassandraDaemon";
    private static final String HOST = "127.0.0.1";
    private static final Duration POLL = Duration.ofMillis(100);
    private static final int LOG_LINES = 40;

    // What Cassandra's own jvm17-server.options opens to it: it reaches into the JDK's internals.
    private static final List<String> JAVA_17_OPENS = List.of(
            "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-exports=java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED",
            "--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
            "--add-exports=java.rmi/sun.rmi.server=ALL-UNNAMED",
            "--add-exports=java.sql/java.sql=ALL-UNNAMED",
            "--add-exports=java.base/java.lang.ref=ALL-UNNAMED",
            "--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.module=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.loader=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.reflect=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.math=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.module=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.util.jar=ALL-UNNAMED",
            "--add-opens=jdk.management/com.sun.management.internal=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.math=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED");

    /**
     * A node of {@value #DEFAULT_HEAP_MEGABYTES} MiB heap from {@link CassandraServer}'s class path and
     * Java, quick to start.
     */
    public static CassandraNode of(final String name, final Path folder, final int port, final int storagePort) {
        return new CassandraNode(
                name,
                CassandraServer.java(),
                CassandraServer.classpath(),
                folder,
                port,
                storagePort,
                DEFAULT_HEAP_MEGABYTES,
                true);
    }

    /** This node with both of the JVM's compilers, for the throughput of a benchmark rather than a quick start. */
    public CassandraNode withPeakThroughput() {
        return new CassandraNode(name, java, classpath, folder, port, storagePort, heapMegabytes, false);
    }

    /** What a driver names as its contact point: {@code 127.0.0.1:port}. */
    public String contactPoint() {
        return HOST + ":" + port;
    }

    /** The node's output. */
    public Path log() {
        return folder.resolve("cassandra.log");
    }

    /** Whether {@code folder} holds a node's data, as a node launched there leaves it. */
    public static boolean hasDataIn(final Path folder) {
        return Files.isDirectory(folder.resolve("data").resolve("system"));
    }

    /** Writes {@code cassandra.yaml} for these ports and the logging settings; the data stays. */
    public void prepare() {
        try {
            Files.createDirectories(folder.resolve("data"));
            Files.writeString(folder.resolve("cassandra.yaml"), settingsText(), StandardCharsets.UTF_8);
            Files.writeString(folder.resolve("logback.xml"), LOGGING, StandardCharsets.UTF_8);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write " + name + "'s settings in " + folder, e);
        }
    }

    /**
     * Starts the node and returns at once; {@link #prepare} comes first. The caller owns the process:
     * it stops it, and ends it should its own JVM end first.
     */
    public Process launch() {
        final List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.add("-Xms" + heapMegabytes + "m");
        command.add("-Xmx" + heapMegabytes + "m");
        command.add("-Xss512k");
        // One or two CPUs and a small heap: the serial collector costs the least memory and threads.
        command.add("-XX:+UseSerialGC");
        if (quickStart) {
            command.add("-XX:TieredStopAtLevel=1");
        }
        command.add("-XX:MaxDirectMemorySize=128m");
        command.add("-XX:ReservedCodeCacheSize=64m");
        command.add("-XX:+ExitOnOutOfMemoryError");
        command.add("-Djdk.attach.allowAttachSelf=true");
        command.addAll(JAVA_17_OPENS);
        command.add("-Dcassandra.config=" + folder.resolve("cassandra.yaml").toUri());
        command.add("-Dlogback.configurationFile=" + folder.resolve("logback.xml"));
        command.add("-Dcassandra-foreground=yes");
        command.add("-Dcassandra.storagedir=" + folder);
        command.add("-Dcassandra.logdir=" + folder.resolve("logs"));
        // A single node: nothing to wait for from gossip or a ring, no delay before the superuser.
        command.add("-Dcassandra.ring_delay_ms=0");
        command.add("-Dcassandra.skip_wait_for_gossip_to_settle=0");
        command.add("-Dcassandra.superuser_setup_delay_ms=0");
        command.add("-cp");
        command.add(classpath);
        command.add(MAIN_CLASS);
        try {
            return new ProcessBuilder(command)
                    .directory(folder.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()))
                    .start();
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot start " + name + " with " + java, e);
        }
    }

    /**
     * Returns once the node answers CQL; leaves {@code process} running either way.
     *
     * @throws IllegalStateException when the process ends or {@code wait} passes first, with the end
     *     of its log (read now, before the caller stops it and perhaps deletes the folder)
     */
    public void awaitAnswer(final Process process, final Duration wait) {
        final long deadline = System.nanoTime() + wait.toNanos();
        while (!answers()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException(name + " did not start on " + contactPoint()
                        + (process.isAlive() ? " within " + wait.toSeconds() + " s" : "") + logTail());
            }
            LockSupport.parkNanos(POLL.toNanos());
        }
    }

    /**
     * Whether the node answers CQL now: an OPTIONS request (protocol v4) gets SUPPORTED back. A bound
     * port is not enough, and the native transport opens last in Cassandra's start.
     */
    public boolean answers() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
            socket.setSoTimeout(1000);
            final OutputStream out = socket.getOutputStream();
            // version 4 request, no flags, stream 1, opcode 5 (OPTIONS), empty body
            out.write(new byte[] {0x04, 0, 0, 1, 0x05, 0, 0, 0, 0});
            out.flush();
            final InputStream in = socket.getInputStream();
            final byte[] header = in.readNBytes(9);
            // a version 4 response (0x84) with opcode 6 (SUPPORTED)
            return header.length == 9 && header[0] == (byte) 0x84 && header[4] == 0x06;
        } catch (final IOException e) {
            return false;
        }
    }

    private String settingsText() {
        final Path data = folder.resolve("data");
        return String.join(
                "\n",
                "cluster_name: jzenith",
                // One node owns the whole ring with one token: nothing to compute at the first start.
                "num_tokens: 1",
                "initial_token: 0",
                "partitioner: org.apache.cassandra.dht.Murmur3Partitioner",
                "endpoint_snitch: SimpleSnitch",
                "seed_provider:",
                "  - class_name: org.apache.cassandra.locator.SimpleSeedProvider",
                "    parameters:",
                "      - seeds: \"" + HOST + ":" + storagePort + "\"",
                "listen_address: " + HOST,
                "rpc_address: " + HOST,
                "storage_port: " + storagePort,
                "native_transport_port: " + port,
                "start_native_transport: true",
                "data_file_directories: [" + data.resolve("data") + "]",
                "commitlog_directory: " + data.resolve("commitlog"),
                "saved_caches_directory: " + data.resolve("saved_caches"),
                "hints_directory: " + data.resolve("hints"),
                "cdc_raw_directory: " + data.resolve("cdc_raw"),
                // A write is acknowledged only once its commit log entry is synced (in groups, every 10 ms):
                // a SIGKILL then loses no acknowledged write. With the default periodic mode a restart
                // replays only what was synced, so a kill loses up to a period of acknowledged writes.
                "commitlog_sync: group",
                "commitlog_sync_group_window: 10ms",
                "commitlog_segment_size: 8MiB",
                "authenticator: AllowAllAuthenticator",
                "authorizer: AllowAllAuthorizer",
                // Small caches and pools: a development node on a small machine.
                "key_cache_size: 0MiB",
                "counter_cache_size: 0MiB",
                "memtable_heap_space: 48MiB",
                "memtable_offheap_space: 16MiB",
                "networking_cache_size: 8MiB",
                "file_cache_size: 16MiB",
                "prepared_statements_cache_size: 4MiB",
                "concurrent_reads: 8",
                "concurrent_writes: 8",
                "concurrent_counter_writes: 4",
                "native_transport_max_threads: 32",
                // Tests drop and create tables often: no snapshot of each dropped one.
                "auto_snapshot: false",
                "");
    }

    private String logTail() {
        try {
            final List<String> lines = Files.readAllLines(log(), StandardCharsets.UTF_8);
            return ". The end of " + log() + ":\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_LINES), lines.size()));
        } catch (final IOException e) {
            return ". Its log " + log() + " cannot be read: " + e.getMessage();
        }
    }

    // INFO and above of Cassandra itself; its DEBUG output (the default in its jar) is megabytes a start.
    private static final String LOGGING = """
            <configuration>
              <appender name="OUT" class="ch.qos.logback.core.ConsoleAppender">
                <encoder><pattern>%d{HH:mm:ss.SSS} %-5level [%thread] %logger{36} - %msg%n</pattern></encoder>
              </appender>
              <root level="INFO"><appender-ref ref="OUT"/></root>
            </configuration>
            """;
}
