package org.jzenith.test.services;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A Redis Cluster of the test's own: three masters, each a {@link PrivateRedis} on a free port,
 * joined with {@code redis-cli --cluster create} and the hash slots shared among them.
 *
 * <pre>{@code
 * @RegisterExtension @Order(1)
 * static final PrivateRedisCluster CLUSTER = PrivateRedisCluster.create();
 *
 * @RegisterExtension @Order(2)
 * static final JZenithExtension APP = JZenithExtension.of(App::application)
 *         .withConfiguration("redis.type", "cluster")
 *         .withConfiguration("redis.connection-string", CLUSTER.connectionString());
 * }</pre>
 *
 * <p>As a JUnit extension on a static field it starts before the tests of the class and is closed
 * after them; else call {@link #start()} and close it with try-with-resources. Nothing is kept on
 * disk but each node's {@code nodes.conf}, in folders deleted by {@link #close()}. Needs the
 * machine's {@code redis-server} and {@code redis-cli}.
 *
 * <p>Thread-safe.
 */
public final class PrivateRedisCluster implements AutoCloseable, BeforeAllCallback, AfterAllCallback {

    private static final int MASTERS = 3;
    private static final Duration FORMED_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(50);

    private final List<PrivateRedis> nodes;
    private Optional<Path> folder = Optional.empty();

    private PrivateRedisCluster(final List<PrivateRedis> nodes) {
        this.nodes = List.copyOf(nodes);
    }

    /** Three masters on free ports, not yet started. */
    public static PrivateRedisCluster create() {
        final List<PrivateRedis> nodes = new ArrayList<>();
        for (int i = 0; i < MASTERS; i++) {
            nodes.add(PrivateRedis.create(
                    "--cluster-enabled",
                    "yes",
                    "--cluster-config-file",
                    "nodes.conf",
                    "--cluster-node-timeout",
                    "2000"));
        }
        return new PrivateRedisCluster(nodes);
    }

    /** The masters, each of which serves a third of the hash slots. */
    public List<PrivateRedis> nodes() {
        return nodes;
    }

    /** The seed nodes for a client, such as {@code redis://127.0.0.1:20417,redis://127.0.0.1:20418,...}. */
    public String connectionString() {
        return nodes.stream().map(node -> node.redis().uri()).collect(Collectors.joining(","));
    }

    /** Starts the nodes, forms the cluster and returns once every node says {@code cluster_state:ok}. */
    public synchronized void start() {
        if (folder.isPresent()) {
            return;
        }
        final Path base = Scratch.newFolder("jzenith-redis-cluster-");
        folder = Optional.of(base);
        nodes.forEach(PrivateRedis::start);
        final RedisCli cli = RedisCli.in(base);
        final List<String> create = new ArrayList<>(List.of("--cluster", "create"));
        nodes.forEach(node -> create.add(node.host() + ":" + node.port()));
        create.addAll(List.of("--cluster-replicas", "0", "--cluster-yes"));
        cli.require(create.toArray(String[]::new));
        final long deadline = System.nanoTime() + FORMED_TIMEOUT.toNanos();
        for (final PrivateRedis node : nodes) {
            while (!cli.ask(node.port(), "CLUSTER", "INFO").contains("cluster_state:ok")) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the private Redis cluster " + connectionString()
                            + " did not form within " + FORMED_TIMEOUT.toSeconds() + " s; node " + node.port()
                            + " says: " + cli.ask(node.port(), "CLUSTER", "INFO"));
                }
                LockSupport.parkNanos(POLL.toNanos());
            }
        }
    }

    /** Stops every node and deletes their folders. Safe to call more than once. */
    @Override
    public synchronized void close() {
        nodes.forEach(PrivateRedis::close);
        folder.ifPresent(Scratch::delete);
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
        return "PrivateRedisCluster[" + connectionString() + "]";
    }
}
