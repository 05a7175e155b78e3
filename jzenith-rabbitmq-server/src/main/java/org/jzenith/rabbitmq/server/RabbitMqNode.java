package org.jzenith.rabbitmq.server;

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
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jzenith.core.store.DevServices;

/**
 * One RabbitMQ node of the caller's own, from the machine's {@code rabbitmq-server}: its own node
 * name ({@code jzenith-<port>@localhost}), AMQP port on {@code 127.0.0.1}, Erlang distribution port
 * and cookie, and every file (data, logs, settings) in {@code folder}, so that it never touches the
 * machine's RabbitMQ. The RabbitMQ plugin's dev service and {@code jzenith-test}'s {@code
 * PrivateRabbitMq} launch their node with it; each keeps its own policy for the process (a watchdog,
 * or a shutdown hook and {@code kill()}).
 *
 * <pre>{@code
 * RabbitMqNode node = RabbitMqNode.of("the private RabbitMQ", RabbitMqNode.installed().orElseThrow(),
 *         folder, 25672, 25673);
 * node.prepare();                                   // cookie, plugins, the first user and vhost
 * Process process = node.launch();                  // its output goes to folder/rabbitmq.out
 * node.awaitAnswer(process, Duration.ofSeconds(90));
 * RabbitMqNode.end(process, true, Duration.ofSeconds(20));
 * }</pre>
 *
 * <p>The node has no plugins. It registers with the machine's {@code epmd} (started by Erlang if
 * none runs) under its own name. Its data stays in {@code folder/mnesia}: launched again in the same
 * folder on the same port (the node's name) it finds its queues and messages. Immutable; {@link
 * #awaitAnswer}, {@link #ctl} and {@link #end} block.
 *
 * @param name what the node is, for messages: {@code "the RabbitMQ dev service"}
 * @param server the {@code rabbitmq-server} script it runs ({@link #installed()})
 * @param folder its files
 * @param port the AMQP port on {@code 127.0.0.1}
 * @param distributionPort the Erlang distribution port ({@code rabbitmqctl} talks to the node there)
 * @param account the user, password and virtual host the node creates at its first start
 * @param tls a TLS listener besides the plain one, if any
 */
public record RabbitMqNode(
        String name, Path server, Path folder, int port, int distributionPort, Account account, Optional<Tls> tls) {

    public RabbitMqNode {
        Objects.requireNonNull(tls, "tls");
    }

    /** A node without a TLS listener. */
    public RabbitMqNode(
            final String name,
            final Path server,
            final Path folder,
            final int port,
            final int distributionPort,
            final Account account) {
        this(name, server, folder, port, distributionPort, account, Optional.empty());
    }

    /**
     * A TLS listener on {@code 127.0.0.1}, for tests of clients that speak TLS to RabbitMQ.
     *
     * <pre>{@code
     * node.withTls(new RabbitMqNode.Tls(25671, chain, key, authority, true));
     * }</pre>
     *
     * @param port its port
     * @param certificate the server's certificate chain, a PEM file
     * @param privateKey the server's key, a PEM file
     * @param authority the authorities a client certificate must be signed by, a PEM file
     * @param requireClientCertificate whether a client must present a certificate (mutual TLS)
     */
    public record Tls(int port, Path certificate, Path privateKey, Path authority, boolean requireClientCertificate) {

        public Tls {
            Objects.requireNonNull(certificate, "certificate");
            Objects.requireNonNull(privateKey, "privateKey");
            Objects.requireNonNull(authority, "authority");
        }
    }

    /** The address the node listens on. */
    public static final String HOST = "127.0.0.1";

    /** Debian's script, which runs the server as the calling user, unlike the wrapper in {@code /usr/sbin}. */
    private static final Path DEBIAN = Path.of("/usr/lib/rabbitmq/bin/rabbitmq-server");

    private static final Duration POLL = Duration.ofMillis(50);
    private static final int LOG_LINES = 40;

    /**
     * The user, password and virtual host a new node creates, as RabbitMQ's {@code default_user},
     * {@code default_pass} and {@code default_vhost}.
     *
     * @param user the user's name
     * @param password its password
     * @param virtualHost the virtual host it may use everything in
     */
    public record Account(String user, String password, String virtualHost) {

        /** RabbitMQ's own first user: {@code guest}/{@code guest} on {@code /}. */
        public static final Account GUEST = new Account("guest", "guest", "/");

        public Account {
            Objects.requireNonNull(user, "user");
            Objects.requireNonNull(password, "password");
            Objects.requireNonNull(virtualHost, "virtualHost");
        }

        @Override
        public String toString() {
            return "Account[" + user + " on " + virtualHost + "]";
        }
    }

    /** A node with RabbitMQ's first user, {@code guest}/{@code guest} on {@code /}. */
    public static RabbitMqNode of(
            final String name, final Path server, final Path folder, final int port, final int distributionPort) {
        return new RabbitMqNode(name, server, folder, port, distributionPort, Account.GUEST);
    }

    /** This node, creating {@code other} instead of {@code guest} at its first start. */
    public RabbitMqNode withAccount(final Account other) {
        return new RabbitMqNode(name, server, folder, port, distributionPort, other, tls);
    }

    /** This node, listening for TLS too, as {@code listener} says. */
    public RabbitMqNode withTls(final Tls listener) {
        return new RabbitMqNode(name, server, folder, port, distributionPort, account, Optional.of(listener));
    }

    /**
     * The installed {@code rabbitmq-server}: Debian's in {@code /usr/lib/rabbitmq/bin}, else the first
     * on the PATH or in the system folders.
     */
    public static Optional<Path> installed() {
        if (Files.isExecutable(DEBIAN)) {
            return Optional.of(DEBIAN);
        }
        return DevServices.program("rabbitmq-server");
    }

    /** How to install RabbitMQ, for the messages of those that need it. */
    public static String installAdvice() {
        return "apt-get install rabbitmq-server (Debian, Ubuntu), brew install rabbitmq (macOS),"
                + " dnf install rabbitmq-server (Fedora)";
    }

    /** The Erlang node's name: {@code jzenith-<port>@localhost}. */
    public String nodeName() {
        return "jzenith-" + port + "@localhost";
    }

    /** The node's output (its own logs are in {@code folder/log}). */
    public Path log() {
        return folder.resolve("rabbitmq.out");
    }

    /**
     * Makes the folder, the node's Erlang cookie and its settings (no plugins; the first user and
     * virtual host); what a former launch left stays.
     */
    public void prepare() {
        try {
            final Path home = Files.createDirectories(folder.resolve("home"));
            final Path cookie = home.resolve(".erlang.cookie");
            if (!Files.exists(cookie)) {
                // A cookie of its own: Erlang refuses a cookie file others may read.
                Files.writeString(cookie, UUID.randomUUID().toString().replace("-", ""), StandardCharsets.US_ASCII);
                Files.setPosixFilePermissions(cookie, PosixFilePermissions.fromString("r--------"));
            }
            Files.writeString(folder.resolve("enabled_plugins"), "[].", StandardCharsets.US_ASCII);
            Files.writeString(folder.resolve("advanced.config"), advancedConfig(), StandardCharsets.UTF_8);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot prepare " + name + " in " + folder, e);
        }
    }

    /**
     * Starts the node and returns at once; {@link #prepare} comes first. The caller owns the process
     * (the start script, whose child is the Erlang VM): it ends it with {@link #end}, and should its
     * own JVM end first.
     */
    public Process launch() {
        final List<String> command = new ArrayList<>();
        // A session of its own: a Ctrl-C meant for the application must not stop RabbitMQ before the
        // application has drained; its owner stops it in order.
        DevServices.program("setsid").ifPresent(setsid -> command.add(setsid.toString()));
        command.add(server.toString());
        final ProcessBuilder builder = new ProcessBuilder(command)
                .directory(folder.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()));
        final Map<String, String> environment = builder.environment();
        environment.put("HOME", folder.resolve("home").toString());
        environment.put("RABBITMQ_NODENAME", nodeName());
        environment.put("RABBITMQ_NODE_IP_ADDRESS", HOST);
        environment.put("RABBITMQ_NODE_PORT", Integer.toString(port));
        environment.put("RABBITMQ_DIST_PORT", Integer.toString(distributionPort));
        environment.put("RABBITMQ_MNESIA_BASE", folder.resolve("mnesia").toString());
        environment.put("RABBITMQ_LOG_BASE", folder.resolve("log").toString());
        environment.put("RABBITMQ_CONFIG_FILE", folder.resolve("rabbitmq").toString());
        environment.put(
                "RABBITMQ_ADVANCED_CONFIG_FILE",
                folder.resolve("advanced.config").toString());
        environment.put(
                "RABBITMQ_ENABLED_PLUGINS_FILE",
                folder.resolve("enabled_plugins").toString());
        environment.put("RABBITMQ_PID_FILE", folder.resolve("rabbitmq.pid").toString());
        environment.put(
                "RABBITMQ_CONF_ENV_FILE", folder.resolve("rabbitmq-env.conf").toString());
        try {
            final Process started = builder.start();
            started.getOutputStream().close();
            return started;
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot run " + server + " for " + name, e);
        }
    }

    /**
     * Returns once the node answers AMQP; leaves {@code process} running either way.
     *
     * @throws IllegalStateException when the process ends or {@code wait} passes first, with the end
     *     of its output (read now, before the caller ends it and perhaps deletes the folder)
     */
    public void awaitAnswer(final Process process, final Duration wait) {
        final long deadline = System.nanoTime() + wait.toNanos();
        while (!answers() || !tls.map(listener -> accepts(listener.port())).orElse(true)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException(name + " did not start on " + HOST + ":" + port
                        + (process.isAlive() ? " within " + wait.toSeconds() + " s" : "") + logTail());
            }
            LockSupport.parkNanos(POLL.toNanos());
        }
    }

    /**
     * Whether the node answers AMQP now: the protocol header gets a frame back (connection.start).
     * A bound port alone could be another program's that took it first.
     */
    public boolean answers() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
            socket.setSoTimeout(1000);
            final OutputStream out = socket.getOutputStream();
            out.write(new byte[] {'A', 'M', 'Q', 'P', 0, 0, 9, 1});
            out.flush();
            final InputStream in = socket.getInputStream();
            // frame type 1: a method frame, connection.start
            return in.read() == 1;
        } catch (final IOException e) {
            return false;
        }
    }

    /** Whether something accepts TCP connections on {@code port} of {@code 127.0.0.1}: the TLS listener. */
    private static boolean accepts(final int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
            return true;
        } catch (final IOException e) {
            return false;
        }
    }

    /**
     * Runs {@code rabbitmqctl} against this node (as its cookie's owner) and returns its output, such
     * as {@code ctl(wait, "set_vm_memory_high_watermark", "0")}; fails when the command fails or takes
     * longer than {@code wait}.
     */
    public String ctl(final Duration wait, final String... arguments) {
        final List<String> command =
                new ArrayList<>(List.of(server.resolveSibling("rabbitmqctl").toString(), "-n", nodeName()));
        command.addAll(List.of(arguments));
        final ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("HOME", folder.resolve("home").toString());
        try {
            final Process ctl = builder.start();
            ctl.getOutputStream().close();
            final String output = new String(ctl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!ctl.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS) || ctl.exitValue() != 0) {
                ctl.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " failed: " + output.strip());
            }
            return output;
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot run " + command.getFirst(), e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command.getFirst(), e);
        }
    }

    /**
     * Ends a launched node and returns whether everything it started has gone. {@code gracefully}:
     * SIGTERM to the Erlang VM (RabbitMQ stops in order, saving its state), up to {@code wait} for it
     * and the script; otherwise, or when that is not enough, SIGKILL to every process of it, as a
     * crash would. Nothing of it is left running either way, unless even SIGKILL took longer than
     * {@code wait}.
     */
    public static boolean end(final Process process, final boolean gracefully, final Duration wait) {
        // Taken before any signal: once the script has gone, what it started belongs to init.
        final List<ProcessHandle> started = process.descendants().toList();
        try {
            if (gracefully) {
                // The VM, not the script: the script's own SIGTERM handler forwards it, but only once
                // its shell gets to run the trap; the VM stops in order on SIGTERM either way.
                process.children().forEach(ProcessHandle::destroy);
                if (process.isAlive() && process.children().findAny().isEmpty()) {
                    process.destroy();
                }
                if (process.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS) && allGone(started, wait)) {
                    return true;
                }
            }
            started.forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            return process.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS) && allGone(started, wait);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            started.forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new IllegalStateException("interrupted while ending a RabbitMQ node", e);
        }
    }

    private static boolean allGone(final List<ProcessHandle> processes, final Duration wait) {
        final long deadline = System.nanoTime() + wait.toNanos();
        for (final ProcessHandle handle : processes) {
            while (handle.isAlive()) {
                if (System.nanoTime() > deadline) {
                    return false;
                }
                LockSupport.parkNanos(POLL.toNanos());
            }
        }
        return true;
    }

    /** The node's first user and virtual host, in Erlang terms (RabbitMQ's classic configuration). */
    private String advancedConfig() {
        return "[{rabbit, [{default_user, " + binary(account.user()) + "}, {default_pass, "
                + binary(account.password()) + "}, {default_vhost, " + binary(account.virtualHost())
                + "}" + tls.map(RabbitMqNode::tlsConfig).orElse("") + "]}].\n";
    }

    /** The TLS listener and its options, in Erlang terms, after the settings before it. */
    private static String tlsConfig(final Tls listener) {
        return ", {ssl_listeners, [{" + string(HOST) + ", " + listener.port() + "}]}, {ssl_options, [{cacertfile, "
                + string(listener.authority().toAbsolutePath().toString()) + "}, {certfile, "
                + string(listener.certificate().toAbsolutePath().toString()) + "}, {keyfile, "
                + string(listener.privateKey().toAbsolutePath().toString()) + "}, "
                + (listener.requireClientCertificate()
                        ? "{verify, verify_peer}, {fail_if_no_peer_cert, true}"
                        : "{verify, verify_none}, {fail_if_no_peer_cert, false}")
                + "]}";
    }

    /** {@code text} (a path, an address) as an Erlang string literal. */
    private static String string(final String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** {@code text} as an Erlang UTF-8 binary literal. */
    private static String binary(final String text) {
        final StringBuilder literal = new StringBuilder("<<\"");
        text.codePoints().forEach(point -> {
            switch (point) {
                case '\\' -> literal.append("\\\\");
                case '"' -> literal.append("\\\"");
                default -> {
                    if (point < 0x20) {
                        literal.append("\\x{")
                                .append(Integer.toHexString(point))
                                .append('}');
                    } else {
                        literal.appendCodePoint(point);
                    }
                }
            }
        });
        return literal.append("\"/utf8>>").toString();
    }

    private String logTail() {
        try {
            final List<String> lines = Files.readAllLines(log(), StandardCharsets.UTF_8);
            return "; the end of its output (" + log() + "):\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_LINES), lines.size()));
        } catch (final IOException e) {
            return "; its output " + log() + " cannot be read: " + e.getMessage();
        }
    }
}
