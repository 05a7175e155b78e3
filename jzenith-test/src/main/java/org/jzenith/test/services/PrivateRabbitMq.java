package org.jzenith.test.services;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.jzenith.rabbitmq.server.RabbitMqNode;
import org.jzenith.test.net.Ports;

/**
 * A {@code rabbitmq-server} of the test's own (Debian's), a node of its own name on free ports, its
 * data and logs in a new folder under the module's {@code target/}: a fault test may kill and restart
 * it without touching the machine's RabbitMQ. Its data survives a restart ({@link #kill} then {@link
 * #start}), as a real broker's does; {@link #close} deletes it.
 *
 * <pre>{@code
 * @RegisterExtension @Order(1)
 * static final PrivateRabbitMq RABBIT = PrivateRabbitMq.create();
 *
 * app.withConfiguration("rabbitmq.host", RABBIT.host()).withConfiguration("rabbitmq.port", RABBIT.port());
 * RABBIT.kill();    // SIGKILL, as a crash would
 * RABBIT.start();   // same ports, same data
 * }</pre>
 *
 * <p>The node is launched as the RabbitMQ plugin's dev service launches its own ({@link RabbitMqNode}):
 * AMQP on {@code 127.0.0.1} only, user {@code guest}/{@code guest}, no plugins, its own node name,
 * distribution port and Erlang cookie. Starting takes seconds (Erlang boots). The server is a child
 * process; a shutdown hook ends it if the JVM ends first. {@code rabbitmq-server} is looked for in
 * {@code /usr/lib/rabbitmq/bin} (Debian's, which runs as the calling user, unlike the wrapper in
 * {@code /usr/sbin}) or on the PATH.
 *
 * <p>Thread-safe.
 */
public final class PrivateRabbitMq implements AutoCloseable, BeforeAllCallback, AfterAllCallback {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);

    private final Path server;
    private final int port;
    private final int distributionPort;
    private final Optional<RabbitMqNode.Tls> tls;
    private Optional<RabbitMqNode> node = Optional.empty();
    private volatile Optional<Process> process = Optional.empty();
    private Optional<Thread> shutdownHook = Optional.empty();
    private boolean closed;

    private PrivateRabbitMq(
            final Path server, final int port, final int distributionPort, final Optional<RabbitMqNode.Tls> tls) {
        this.server = server;
        this.port = port;
        this.distributionPort = distributionPort;
        this.tls = tls;
    }

    /** A server on free ports, not yet started; fails at once, saying what to install, when RabbitMQ is missing. */
    public static PrivateRabbitMq create() {
        final Path server = RabbitMqNode.installed()
                .orElseThrow(() -> new IllegalStateException(
                        "rabbitmq-server was not found in /usr/lib/rabbitmq/bin or on the PATH. Install it: "
                                + RabbitMqNode.installAdvice()));
        final int port = Ports.free();
        int distribution = Ports.free();
        while (distribution == port) {
            distribution = Ports.free();
        }
        return new PrivateRabbitMq(server, port, distribution, Optional.empty());
    }

    /**
     * A server on free ports, not yet started, that also listens for TLS on {@link #tlsPort()} with
     * {@code certificates}' server certificate; with {@code mutual} it accepts only clients presenting a
     * certificate signed by {@code certificates}' authority.
     *
     * <pre>{@code
     * @RegisterExtension @Order(1)
     * static final PrivateRabbitMq RABBIT = PrivateRabbitMq.withTls(CERTIFICATES, true);
     * }</pre>
     */
    public static PrivateRabbitMq withTls(final TestCertificates certificates, final boolean mutual) {
        return withTls(certificates, certificates.server(), mutual);
    }

    /**
     * A server as {@link #withTls(TestCertificates, boolean)} makes, presenting {@code serverCertificate}
     * instead: {@code certificates.otherHost()} for one whose certificate does not name its address.
     */
    public static PrivateRabbitMq withTls(
            final TestCertificates certificates, final TestCertificates.Pem serverCertificate, final boolean mutual) {
        final PrivateRabbitMq plain = create();
        int tlsPort = Ports.free();
        while (tlsPort == plain.port || tlsPort == plain.distributionPort) {
            tlsPort = Ports.free();
        }
        return new PrivateRabbitMq(
                plain.server,
                plain.port,
                plain.distributionPort,
                Optional.of(new RabbitMqNode.Tls(
                        tlsPort,
                        serverCertificate.certificate(),
                        serverCertificate.privateKey(),
                        certificates.authority(),
                        mutual)));
    }

    /** The TLS port, for a server made {@link #withTls}. */
    public int tlsPort() {
        return tls.map(RabbitMqNode.Tls::port)
                .orElseThrow(
                        () -> new IllegalStateException("this RabbitMQ has no TLS listener: make it withTls(...)"));
    }

    /** {@code 127.0.0.1}. */
    public String host() {
        return LocalServices.HOST;
    }

    /** The AMQP port; the same across restarts. */
    public int port() {
        return port;
    }

    /** {@code amqp://guest:guest@127.0.0.1:PORT/%2f}. */
    public String uri() {
        return "amqp://guest:guest@" + host() + ":" + port + "/%2f";
    }

    /** Whether the server runs now. */
    public synchronized boolean isRunning() {
        return process.map(Process::isAlive).orElse(false);
    }

    /** Starts the server (with the data it had) and returns once it accepts AMQP connections; does nothing when it runs. */
    public synchronized void start() {
        if (closed) {
            throw new IllegalStateException("this RabbitMQ on port " + port + " is closed");
        }
        if (isRunning()) {
            return;
        }
        final RabbitMqNode rabbit = node.orElseGet(this::prepare);
        final Process started = rabbit.launch();
        process = Optional.of(started);
        try {
            rabbit.awaitAnswer(started, START_TIMEOUT);
        } catch (final IllegalStateException e) {
            RabbitMqNode.end(started, false, STOP_TIMEOUT);
            throw e;
        }
    }

    /**
     * Runs {@code rabbitmqctl} against this node (as its cookie's owner) and returns its output, such
     * as {@code ctl("set_vm_memory_high_watermark", "0")} to raise a memory alarm, which blocks
     * publishing connections; fails when the command fails.
     */
    public synchronized String ctl(final String... arguments) {
        return node.orElseThrow(() -> new IllegalStateException("the private RabbitMQ never started"))
                .ctl(STOP_TIMEOUT, arguments);
    }

    /** Stops the server gracefully (SIGTERM) and returns once it has gone. Does nothing when it does not run. */
    public synchronized void stop() {
        process.ifPresent(running -> RabbitMqNode.end(running, true, STOP_TIMEOUT));
        process = Optional.empty();
    }

    /**
     * Kills the server with SIGKILL, as a crash or an out-of-memory kill would, and returns once it
     * has gone: it closes nothing cleanly. Does nothing when it does not run.
     */
    public synchronized void kill() {
        process.ifPresent(running -> RabbitMqNode.end(running, false, STOP_TIMEOUT));
        process = Optional.empty();
    }

    /** Stops the server if it runs and deletes its folder. Safe to call more than once. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        try {
            stop();
        } finally {
            closed = true;
            node.map(RabbitMqNode::folder).ifPresent(Scratch::delete);
            shutdownHook.ifPresent(ChildProcess::removeShutdownHook);
        }
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
        return "PrivateRabbitMq[" + host() + ":" + port + ", node jzenith-" + port + "@localhost"
                + (isRunning() ? ", running" : "") + "]";
    }

    private RabbitMqNode prepare() {
        final RabbitMqNode rabbit = RabbitMqNode.of(
                "the private RabbitMQ on port " + port,
                server,
                Scratch.newFolder("jzenith-rabbitmq-"),
                port,
                distributionPort);
        final RabbitMqNode prepared = tls.map(rabbit::withTls).orElse(rabbit);
        prepared.prepare();
        node = Optional.of(prepared);
        // Java does not end child processes with the JVM: without this a killed build leaves it running.
        final Thread hook = Thread.ofPlatform()
                .name("jzenith-private-rabbitmq-" + port + "-shutdown")
                .unstarted(() -> process.ifPresent(running -> {
                    running.descendants().forEach(ProcessHandle::destroyForcibly);
                    running.destroyForcibly();
                }));
        Runtime.getRuntime().addShutdownHook(hook);
        shutdownHook = Optional.of(hook);
        return prepared;
    }
}
