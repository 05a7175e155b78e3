package org.jzenith.test.services;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A Sentinel-managed primary and replica of the test's own: two {@link PrivateRedis} servers and
 * three sentinels (quorum two) on free ports, watching the master {@value #MASTER_NAME}. A fault test
 * kills the primary and the sentinels promote the replica.
 *
 * <pre>{@code
 * @RegisterExtension @Order(1)
 * static final PrivateRedisSentinel SENTINEL = PrivateRedisSentinel.create();
 *
 * @RegisterExtension @Order(2)
 * static final JZenithExtension APP = JZenithExtension.of(App::application)
 *         .withConfiguration("redis.type", "sentinel")
 *         .withConfiguration("redis.master-name", PrivateRedisSentinel.MASTER_NAME)
 *         .withConfiguration("redis.connection-string", SENTINEL.connectionString());
 *
 * @Test
 * void failsOver() {
 *     SENTINEL.primary().kill();   // SIGKILL; within seconds the replica is the primary
 * }
 * }</pre>
 *
 * <p>The sentinels take the primary for down after one second without an answer. As a JUnit extension
 * on a static field it starts before the tests of the class and is closed after them; else call {@link
 * #start()} and close it with try-with-resources. Needs the machine's {@code redis-server} and {@code
 * redis-cli}.
 *
 * <p>{@link #withTls} makes one where everything speaks TLS only: clients reach the sentinels and the
 * servers with {@code rediss://}, the replica and the sentinels reach the primary with TLS ({@code
 * tls-replication yes}), and the sentinels name the servers by their TLS ports.
 *
 * <p>Thread-safe.
 */
public final class PrivateRedisSentinel implements AutoCloseable, BeforeAllCallback, AfterAllCallback {

    /** The name the sentinels know the primary by. */
    public static final String MASTER_NAME = "mymaster";

    private static final int SENTINELS = 3;
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(40);
    private static final Duration POLL = Duration.ofMillis(100);

    private final Path folder;
    private final List<PrivateRedis> servers;
    private final List<PrivateRedis> sentinels;
    private final Optional<PrivateRedis.Tls> tls;
    private boolean started;

    private PrivateRedisSentinel(
            final Path folder,
            final List<PrivateRedis> servers,
            final List<PrivateRedis> sentinels,
            final Optional<PrivateRedis.Tls> tls) {
        this.folder = folder;
        this.servers = List.copyOf(servers);
        this.sentinels = List.copyOf(sentinels);
        this.tls = tls;
    }

    /** A primary, a replica of it and three sentinels, on free ports; nothing runs yet. */
    public static PrivateRedisSentinel create() {
        final Path folder = Scratch.newFolder("jzenith-redis-sentinel-");
        final PrivateRedis primary = PrivateRedis.create();
        final PrivateRedis replica =
                PrivateRedis.create("--replicaof", primary.host(), Integer.toString(primary.port()));
        final List<PrivateRedis> sentinels = new ArrayList<>();
        for (int i = 0; i < SENTINELS; i++) {
            sentinels.add(PrivateRedis.sentinel(folder.resolve("sentinel-" + i + ".conf"), Optional.empty()));
        }
        return new PrivateRedisSentinel(folder, List.of(primary, replica), sentinels, Optional.empty());
    }

    /**
     * A primary, a replica of it and three sentinels, on free ports, all speaking TLS only and
     * presenting {@link TestCertificates#server()} of {@code certificates}; nothing runs yet.
     */
    public static PrivateRedisSentinel withTls(final TestCertificates certificates) {
        return withTls(certificates, certificates.server());
    }

    /**
     * The same, every server and sentinel presenting {@code identity}: {@link
     * TestCertificates#otherHost()} makes a set-up that works among itself (Redis checks certificates
     * against the authority, not their names) but whose certificates name none of its addresses.
     */
    public static PrivateRedisSentinel withTls(
            final TestCertificates certificates, final TestCertificates.Pem identity) {
        final Path folder = Scratch.newFolder("jzenith-redis-sentinel-");
        final PrivateRedis primary = PrivateRedis.withTls(certificates, identity, "--tls-replication", "yes");
        final PrivateRedis replica = PrivateRedis.withTls(
                certificates,
                identity,
                "--replicaof",
                primary.host(),
                Integer.toString(primary.port()),
                "--tls-replication",
                "yes");
        final List<PrivateRedis> sentinels = new ArrayList<>();
        for (int i = 0; i < SENTINELS; i++) {
            sentinels.add(PrivateRedis.sentinel(
                    folder.resolve("sentinel-" + i + ".conf"), primary.tls(), "--tls-replication", "yes"));
        }
        return new PrivateRedisSentinel(folder, List.of(primary, replica), sentinels, primary.tls());
    }

    /**
     * The sentinels, for a client: {@code redis://127.0.0.1:20417,redis://127.0.0.1:20418,...} ({@code
     * rediss://} with TLS).
     */
    public String connectionString() {
        return sentinels.stream().map(PrivateRedis::connectionString).collect(Collectors.joining(","));
    }

    /** The primary and the replica, in the order they were made (not their roles now). */
    public List<PrivateRedis> servers() {
        return servers;
    }

    /** The server the sentinels name as the primary now. */
    public PrivateRedis primary() {
        final int port = primaryPort();
        return servers.stream()
                .filter(server -> server.port() == port)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("the sentinels name port " + port + " as primary"));
    }

    /** The port the first sentinel that answers names as the primary's; 0 when none answers. */
    public int primaryPort() {
        final RedisCli cli = RedisCli.in(folder).with(tls);
        for (final PrivateRedis sentinel : sentinels) {
            if (!sentinel.isRunning()) {
                continue;
            }
            final String[] answer = cli.ask(sentinel.port(), "SENTINEL", "get-master-addr-by-name", MASTER_NAME)
                    .split("\\R");
            if (answer.length == 2) {
                return Integer.parseInt(answer[1].strip());
            }
        }
        return 0;
    }

    /**
     * Starts the primary, the replica and the sentinels, and returns once the replica is in sync and
     * every sentinel knows the replica and the two other sentinels, so that a failover can happen.
     */
    public synchronized void start() {
        if (started) {
            return;
        }
        started = true;
        final PrivateRedis primary = servers.get(0);
        servers.forEach(PrivateRedis::start);
        for (int i = 0; i < sentinels.size(); i++) {
            writeConfiguration(folder.resolve("sentinel-" + i + ".conf"), primary);
        }
        sentinels.forEach(PrivateRedis::start);
        final RedisCli cli = RedisCli.in(folder).with(tls);
        awaitCondition("the replica is in sync", () -> cli.ask(servers.get(1).port(), "INFO", "replication")
                .contains("master_link_status:up"));
        for (final PrivateRedis sentinel : sentinels) {
            awaitCondition(
                    "sentinel " + sentinel.port() + " knows the replica and the other sentinels",
                    () -> cli.ask(sentinel.port(), "SENTINEL", "replicas", MASTER_NAME)
                                    .contains(Integer.toString(servers.get(1).port()))
                            && cli.ask(sentinel.port(), "SENTINEL", "ckquorum", MASTER_NAME)
                                    .startsWith("OK " + SENTINELS));
        }
    }

    /** Stops the sentinels and the servers and deletes their folders. Safe to call more than once. */
    @Override
    public synchronized void close() {
        sentinels.forEach(PrivateRedis::close);
        servers.forEach(PrivateRedis::close);
        Scratch.delete(folder);
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
        return "PrivateRedisSentinel[sentinels " + connectionString() + "]";
    }

    private static void writeConfiguration(final Path file, final PrivateRedis primary) {
        final String configuration = String.join(
                "\n",
                "sentinel monitor " + MASTER_NAME + " " + primary.host() + " " + primary.port() + " 2",
                "sentinel down-after-milliseconds " + MASTER_NAME + " 1000",
                "sentinel failover-timeout " + MASTER_NAME + " 10000",
                "sentinel parallel-syncs " + MASTER_NAME + " 1",
                "");
        try {
            Files.writeString(file, configuration, StandardCharsets.UTF_8);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write the sentinel configuration " + file, e);
        }
    }

    private void awaitCondition(final String what, final BooleanSupplier condition) {
        final long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the private Redis sentinel set-up " + this + " was not ready within "
                        + READY_TIMEOUT.toSeconds() + " s: " + what + " never held");
            }
            LockSupport.parkNanos(POLL.toNanos());
        }
    }
}
