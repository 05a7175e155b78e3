package org.jzenith.examples.audit.outbox;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.jzenith.examples.users.UserServiceApplication;

/**
 * The user service as a process of its own, from this test's classpath without the audit service's
 * classes (their migrations and settings are not the user service's), publishing through the outbox.
 * SIGKILL ends it without a word; it starts again on the same port and database.
 */
final class UserServiceProcess {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final List<String> arguments;
    private final int port;
    private final int managementPort;
    private final Path log;
    private volatile Process process;
    private int starts;

    private UserServiceProcess(final List<String> arguments, final int port, final int managementPort, final Path log) {
        this.arguments = arguments;
        this.port = port;
        this.managementPort = managementPort;
        this.log = log;
    }

    /** A user service on a free port with {@code settings} ({@code key=value}), not yet started. */
    static UserServiceProcess of(final Path log, final String... settings) {
        return of(log, freePort(), freePort(), settings);
    }

    /** A user service on {@code port} (and {@code managementPort}) with {@code settings}, not yet started. */
    static UserServiceProcess of(final Path log, final int port, final int managementPort, final String... settings) {
        final List<String> arguments = new ArrayList<>(List.of(
                "--rest.port=" + port,
                // Where /health shows each check's data, the outbox's backlog among them.
                "--management.port=" + managementPort,
                "--user.events=outbox",
                "--jzenith.shutdown.pre-stop-delay=0s"));
        if (Arrays.stream(settings).noneMatch(setting -> setting.startsWith("outbox.lease="))) {
            // Quick takeover after a kill, so the test does not wait long for an expired lease.
            arguments.add("--outbox.lease=3s");
        }
        arguments.addAll(Arrays.stream(settings).map(setting -> "--" + setting).toList());
        return new UserServiceProcess(arguments, port, managementPort, log);
    }

    int port() {
        return port;
    }

    /** What it logged so far, across its starts. */
    String log() {
        try {
            return java.nio.file.Files.readString(log);
        } catch (final IOException e) {
            return "";
        }
    }

    /** Starts it and returns once it is ready. */
    void start() {
        start(List.of());
    }

    /**
     * Starts it with a JDWP agent listening on {@code 127.0.0.1:jdwpPort}, not suspended (it runs
     * until a debugger, {@link Breakpoints}, stops a thread), and returns once it is ready.
     */
    void startDebuggable(final int jdwpPort) {
        start(List.of("-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:" + jdwpPort));
    }

    private void start(final List<String> jvmOptions) {
        final String classpath = Arrays.stream(
                        System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.contains("audit-service" + File.separator + "target"))
                .collect(Collectors.joining(File.pathSeparator));
        final List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "--enable-native-access=ALL-UNNAMED"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classpath, UserServiceApplication.class.getName()));
        command.addAll(arguments);
        if (starts == 0) {
            // A test that fails half-way leaves no service behind when its JVM ends.
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                if (process != null) {
                    process.destroyForcibly();
                }
            }));
        }
        try {
            starts++;
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
        final long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (ready() != 200) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                process.destroyForcibly();
                throw new IllegalStateException(
                        "the user service did not get ready (start " + starts + "); see " + log);
            }
            sleep(100);
        }
    }

    /** SIGKILL: no drain, no relay round finished, no last commit. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the user service did not die");
        }
    }

    /** SIGTERM, and waits for it to end. */
    void stop() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroy();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    /** POSTs a user; the new id when the service answered 201, else empty. */
    java.util.Optional<String> create(final String name) {
        try {
            final HttpResponse<String> response = HTTP.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/users"))
                            .timeout(Duration.ofSeconds(10))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"" + name + "\"}"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 201) {
                return java.util.Optional.empty();
            }
            final String body = response.body();
            final int at = body.indexOf("\"id\":\"") + 6;
            return java.util.Optional.of(body.substring(at, body.indexOf('"', at)));
        } catch (final IOException e) {
            return java.util.Optional.empty();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return java.util.Optional.empty();
        }
    }

    /** GETs {@code path}: its body, or empty when it did not answer 200. */
    java.util.Optional<String> get(final String path) {
        return body(path, true);
    }

    /** GETs {@code path} of the management port: its body whatever the status, or empty when it did not answer. */
    java.util.Optional<String> management(final String path) {
        return body(managementPort, path, false);
    }

    private java.util.Optional<String> body(final String path, final boolean only200) {
        return body(port, path, only200);
    }

    private java.util.Optional<String> body(final int at, final String path, final boolean only200) {
        try {
            final HttpResponse<String> response = HTTP.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + at + path))
                            .timeout(Duration.ofSeconds(5))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 || !only200
                    ? java.util.Optional.of(response.body())
                    : java.util.Optional.empty();
        } catch (final IOException e) {
            return java.util.Optional.empty();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return java.util.Optional.empty();
        }
    }

    /** The status of {@code /health/ready}, on the management port; 0 when it does not answer. */
    int ready() {
        try {
            return HTTP.send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + managementPort + "/health/ready"))
                                    .timeout(Duration.ofSeconds(2))
                                    .build(),
                            HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        } catch (final IOException e) {
            return 0;
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void sleep(final long millis) {
        try {
            Thread.sleep(millis);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
