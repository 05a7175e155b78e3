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
 * <p>{@link #withTls} makes one that speaks TLS only, to clients and between its nodes ({@code
 * tls-cluster yes}): its connection string lists {@code rediss://} nodes, and the addresses it
 * announces in {@code CLUSTER SLOTS} are their TLS ports.
 *
 * <p>Thread-safe.
 */
public final class PrivateRedisCluster implements AutoCloseable, BeforeAllCallback, AfterAllCallback {

    private static final int MASTERS = 3;
    private static final Duration FORMED_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(50);

    private static final List<String> CLUSTER_ARGUMENTS = List.of(
            "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "2000");

    private final List<PrivateRedis> nodes;
    private final Optional<PrivateRedis.Tls> tls;
    private Optional<Path> folder = Optional.empty();

    private PrivateRedisCluster(final List<PrivateRedis> nodes, final Optional<PrivateRedis.Tls> tls) {
        this.nodes = List.copyOf(nodes);
        this.tls = tls;
    }

    /** Three masters on free ports, not yet started. */
    public static PrivateRedisCluster create() {
        final List<PrivateRedis> nodes = new ArrayList<>();
        for (int i = 0; i < MASTERS; i++) {
            nodes.add(PrivateRedis.create(CLUSTER_ARGUMENTS.toArray(String[]::new)));
        }
        return new PrivateRedisCluster(nodes, Optional.empty());
    }

    /**
     * Three masters on free ports that speak TLS only, to clients and to each other, each presenting
     * {@link TestCertificates#server()} of {@code certificates}; not yet started.
     */
    public static PrivateRedisCluster withTls(final TestCertificates certificates) {
        return withTls(certificates, certificates.server());
    }

    /**
     * The same, each node presenting {@code identity}: {@link TestCertificates#otherHost()} makes a
     * cluster that forms (Redis checks its nodes' certificates against the authority, not their names)
     * but whose certificates name none of its addresses.
     */
    public static PrivateRedisCluster withTls(
            final TestCertificates certificates, final TestCertificates.Pem identity) {
        final List<String> arguments = new ArrayList<>(CLUSTER_ARGUMENTS);
        arguments.addAll(List.of("--tls-cluster", "yes"));
        final List<PrivateRedis> nodes = new ArrayList<>();
        for (int i = 0; i < MASTERS; i++) {
            nodes.add(PrivateRedis.withTls(certificates, identity, arguments.toArray(String[]::new)));
        }
        return new PrivateRedisCluster(nodes, nodes.getFirst().tls());
    }

    /** The masters, each of which serves a third of the hash slots. */
    public List<PrivateRedis> nodes() {
        return nodes;
    }

    /**
     * The seed nodes for a client, such as {@code redis://127.0.0.1:20417,redis://127.0.0.1:20418,...}
     * ({@code rediss://} with TLS).
     */
    public String connectionString() {
        return nodes.stream().map(PrivateRedis::connectionString).collect(Collectors.joining(","));
    }

    /** Starts the nodes, forms the cluster and returns once every node says {@code cluster_state:ok}. */
    public synchronized void start() {
        if (folder.isPresent()) {
            return;
        }
        final Path base = Scratch.newFolder("jzenith-redis-cluster-");
        folder = Optional.of(base);
        nodes.forEach(PrivateRedis::start);
        final RedisCli cli = RedisCli.in(base).with(tls);
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
