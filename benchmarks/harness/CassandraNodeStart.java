import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jzenith.cassandra.server.CassandraNode;
import org.jzenith.cassandra.server.CassandraServer;

/**
 * Starts a Cassandra node through jzenith-cassandra-server's launcher, as the dev service and the
 * test kit do, STARTS times in fresh folders (the first start of a node: it creates its system
 * keyspaces) and once more in the last folder (a restart: it replays its commit log); prints the
 * time from launch to a CQL answer and the node's RSS then; with "peak" as third argument, of a node
 * with both JIT compilers ({@code withPeakThroughput()}). Run by benchmarks/cassandra-node.sh.
 */
public final class CassandraNodeStart {

    private static boolean peak;

    public static void main(final String... args) throws Exception {
        final int starts = Integer.parseInt(args[0]);
        final Path scratch = Files.createDirectories(Path.of(args[1]));
        peak = args.length > 2 && args[2].equals("peak");
        System.out.printf("JIT: %s%n", peak ? "C1 and C2 (withPeakThroughput)" : "C1 only (the dev service's)");
        System.out.printf("Java for the node: %s%n", CassandraServer.java());
        final List<long[]> fresh = new ArrayList<>();
        Path last = null;
        for (int i = 0; i < starts; i++) {
            last = Files.createTempDirectory(scratch, "node-");
            fresh.add(start(last, "fresh " + (i + 1)));
        }
        final long[] restart = start(last, "restart");
        fresh.sort((a, b) -> Long.compare(a[0], b[0]));
        final long[] median = fresh.get(fresh.size() / 2);
        System.out.printf(
                "median of %d fresh starts: %d ms to a CQL answer, RSS %d MiB; restart: %d ms, RSS %d MiB%n",
                starts, median[0], median[1], restart[0], restart[1]);
    }

    private static long[] start(final Path folder, final String what) throws Exception {
        final CassandraNode quick = CassandraNode.of("the measured node", folder, freePort(), freePort());
        final CassandraNode node = peak ? quick.withPeakThroughput() : quick;
        node.prepare();
        final long begin = System.nanoTime();
        final Process process = node.launch();
        try {
            node.awaitAnswer(process, Duration.ofSeconds(180));
            final long millis = (System.nanoTime() - begin) / 1_000_000;
            final long rss = rssMiB(process.pid());
            System.out.printf("%-8s %6d ms  RSS %4d MiB%n", what, millis, rss);
            return new long[] {millis, rss};
        } finally {
            process.destroy();
            process.waitFor();
        }
    }

    private static long rssMiB(final long pid) throws Exception {
        for (final String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
            }
        }
        return -1;
    }

    private static int freePort() throws Exception {
        try (var socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
