package org.jzenith.redis;

import io.vertx.redis.client.RedisClientType;
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
import java.util.Optional;
import org.jzenith.core.configuration.CoreConfiguration;
import org.jzenith.core.store.DevProcess;
import org.jzenith.core.store.DevProcessServer;
import org.jzenith.core.store.DevServices;

/**
 * The {@code redis-server} the plugin starts in the {@code dev} and {@code test} profiles when
 * {@code redis.connection-string} is not set: the machine's installed server (none is bundled: Redis
 * is one package away on every platform, and a binary in a jar would be one more thing to trust), on a
 * free port of the loopback address, with its files in the dev services' folder.
 *
 * @param services the dev services' settings
 * @param program the {@code redis-server} found on the PATH, if any
 */
record RedisDevService(DevServices services, Optional<Path> program) {

    private static final Duration START_WAIT = Duration.ofSeconds(20);
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);
    private static final Duration POLL = Duration.ofMillis(20);
    private static final int LOG_LINES = 20;

    /**
     * The dev service for this configuration: present in {@code dev} and {@code test} when no
     * connection string is set (and {@code redis.type} is standalone); never in other profiles, where
     * the configured (or default) server is used.
     */
    static Optional<RedisDevService> of(final CoreConfiguration core, final RedisConfiguration configuration) {
        if (configuration.connectionString().filter(value -> !value.isBlank()).isPresent()
                || configuration.type() != RedisClientType.STANDALONE) {
            return Optional.empty();
        }
        return DevServices.of(core).map(services -> new RedisDevService(services, DevServices.program("redis-server")));
    }

    /** What is wrong when no {@code redis-server} is installed, for the start-up report. */
    String missingProgram() {
        return "a Redis server, such as redis://host:6379: in the " + services.profile() + " profile without one the"
                + " plugin starts a local redis-server, and none is installed (looked on the PATH and in /usr/sbin)."
                + " Install it: apt-get install redis-server (Debian, Ubuntu), brew install redis (macOS),"
                + " dnf install redis (Fedora); or set jzenith.dev-services.enabled=false";
    }

    /** Starts {@code redis-server} on a free port and returns once it answers PING; blocks. */
    Running start(final Optional<String> password) {
        final Path server = program.orElseThrow(
                () -> new IllegalStateException("redis.connection-string is not set: expected " + missingProgram()));
        final Path folder = services.folderFor("redis");
        final Path log = folder.resolve("redis.log");
        final int port = DevServices.freePort();
        final List<String> command = new ArrayList<>();
        // A session of its own: a Ctrl-C meant for the service must not end Redis before the
        // service has drained; the service stops it in order.
        DevServices.program("setsid").ifPresent(setsid -> command.add(setsid.toString()));
        command.addAll(List.of(
                server.toString(),
                "--port",
                Integer.toString(port),
                "--bind",
                "127.0.0.1",
                "--dir",
                folder.toString(),
                "--logfile",
                log.toString(),
                "--daemonize",
                "no",
                "--appendonly",
                "no",
                // dev keeps the data in dump.rdb for the next start; test keeps nothing
                "--save",
                services.keepsData() ? "60 1" : ""));
        password.ifPresent(secret -> command.addAll(List.of("--requirepass", secret)));
        final Process process;
        try {
            process = new ProcessBuilder(command)
                    .directory(folder.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot start " + server, e);
        }
        final Running running = new Running(
                DevProcess.watched(process, folder, services.keepsData(), STOP_WAIT), services, server, port);
        final long deadline = System.nanoTime() + START_WAIT.toNanos();
        while (!answersPing(port, password)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                running.close();
                throw new IllegalStateException(server + " did not start on 127.0.0.1:" + port
                        + (process.isAlive() ? " within " + START_WAIT.toSeconds() + " s" : "") + logTail(log));
            }
            try {
                Thread.sleep(POLL);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                running.close();
                throw new IllegalStateException("interrupted while starting " + server, e);
            }
        }
        return running;
    }

    private static boolean answersPing(final int port, final Optional<String> password) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
            socket.setSoTimeout(500);
            final OutputStream out = socket.getOutputStream();
            final StringBuilder request = new StringBuilder();
            password.ifPresent(secret -> request.append("AUTH ").append(secret).append("\r\n"));
            request.append("PING\r\n");
            out.write(request.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
            final InputStream in = socket.getInputStream();
            final byte[] buffer = new byte[256];
            final StringBuilder answer = new StringBuilder();
            while (!answer.toString().contains("PONG") && !answer.toString().contains("-")) {
                final int read = in.read(buffer);
                if (read < 0) {
                    return false;
                }
                answer.append(new String(buffer, 0, read, StandardCharsets.UTF_8));
            }
            return answer.toString().contains("PONG");
        } catch (final IOException e) {
            return false;
        }
    }

    private static String logTail(final Path log) {
        try {
            final List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return "\nIts log (" + log + "), the end:\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_LINES), lines.size()));
        } catch (final IOException e) {
            return "";
        }
    }

    /**
     * The started server; {@link #close()} stops it (SIGTERM: in dev it saves its data first).
     *
     * @param process the server's process, its files and its watchdog
     * @param services the dev services' settings it was started with
     * @param program the {@code redis-server} it runs
     * @param port its port on 127.0.0.1
     */
    record Running(DevProcess process, DevServices services, Path program, int port) implements DevProcessServer {

        /** The connection string of the server. */
        String connectionString() {
            return "redis://127.0.0.1:" + port;
        }

        @Override
        public String describe() {
            return "redis-server (" + program + ") at 127.0.0.1:" + port;
        }
    }
}
