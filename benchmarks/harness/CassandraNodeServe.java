import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import org.jzenith.cassandra.server.CassandraNode;

/**
 * Runs one Cassandra node through jzenith-cassandra-server's launcher (the dev service's node: Java
 * 17, 256 MiB heap, commit log synced before a write is acknowledged; but with both JIT compilers) in FOLDER, prints "READY
 * 127.0.0.1:PORT" once it answers CQL, and stops it when this JVM is told to end (SIGTERM). Used by
 * benchmarks/harness/cassandra_store.py as the store of a run.
 */
public final class CassandraNodeServe {

    public static void main(final String... args) throws Exception {
        final CassandraNode node = CassandraNode.of("the benchmark's node", Path.of(args[0]), freePort(), freePort())
                .withPeakThroughput();
        node.prepare();
        final Process process = node.launch();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            process.destroy();
            try {
                process.waitFor();
            } catch (final InterruptedException e) {
                process.destroyForcibly();
            }
        }));
        node.awaitAnswer(process, Duration.ofSeconds(180));
        System.out.println("READY " + node.contactPoint());
        System.out.flush();
        process.waitFor();
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
