package org.jzenith.maven;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Trains a distribution's JDK 25 AOT cache (JEP 483/514/515): starts the service through its own
 * launcher with {@code JZENITH_AOT=train}, so that the cache is made under the flags the launcher
 * uses later, on a free port; waits for {@code /health/live}; sends the health endpoints and the
 * configured requests a few times, so that what they load and run (JSON, validation, the database)
 * lands in the cache; stops it with SIGTERM; and checks that the JVM wrote the cache as it exited.
 *
 * <p>Not thread-safe; one training at a time per instance.
 */
final class AotTrainer {

    /** Always sent: what every jZenith service answers. */
    private static final List<TrainingRequest> HEALTH = List.of(
            new TrainingRequest("GET", "/health", null),
            new TrainingRequest("GET", "/health/ready", null),
            new TrainingRequest("GET", "/metrics", null));

    private final Distribution distribution;
    private final Path log;
    private final Consumer<String> info;
    private Duration startTimeout = Duration.ofSeconds(120);
    private Duration stopTimeout = Duration.ofSeconds(120);
    private int repetitions = 10;
    private String memoryLimit;
    private Path javaHome = Path.of(System.getProperty("java.home"));

    AotTrainer(final Distribution distribution, final Path log, final Consumer<String> info) {
        this.distribution = distribution;
        this.log = log;
        this.info = info;
    }

    AotTrainer repetitions(final int times) {
        this.repetitions = Math.max(1, times);
        return this;
    }

    AotTrainer startTimeout(final Duration timeout) {
        this.startTimeout = timeout;
        return this;
    }

    /** The memory limit the launcher sizes the training run for (JZENITH_MEMORY_LIMIT), or null. */
    AotTrainer memoryLimit(final String limit) {
        this.memoryLimit = limit;
        return this;
    }

    AotTrainer javaHome(final Path home) {
        this.javaHome = home;
        return this;
    }

    /**
     * Runs the training; returns the cache's path.
     *
     * @throws TrainingException with what went wrong and the end of the service's log
     */
    Path train(final List<TrainingRequest> requests, final List<String> arguments)
            throws IOException, InterruptedException {
        final int port = freePort();
        final List<String> command = new ArrayList<>();
        command.add(distribution.launcher().toString());
        command.add("--rest.port=" + port);
        command.addAll(arguments);
        final ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        final Map<String, String> environment = builder.environment();
        // The cache must be trained under the launcher's flags alone: nothing from the build's shell.
        environment.remove("JAVA_OPTS");
        environment.remove("JZENITH_CPU_LIMIT");
        environment.remove("JZENITH_LAUNCHER_DRY_RUN");
        environment.put("JAVA_HOME", javaHome.toString());
        environment.put("JZENITH_AOT", "train");
        if (memoryLimit == null || memoryLimit.isBlank()) {
            environment.remove("JZENITH_MEMORY_LIMIT");
        } else {
            environment.put("JZENITH_MEMORY_LIMIT", memoryLimit.trim());
        }
        info.accept("AOT training: starting " + String.join(" ", command) + " (log: " + log + ")");
        final long started = System.nanoTime();
        final Process process = builder.start();
        try {
            final HttpClient client = HttpClient.newBuilder()
                    .version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(5))
                    .build();
            final String base = "http://127.0.0.1:" + port;
            awaitLive(process, client, base);
            final long live = System.nanoTime();
            final List<TrainingRequest> all = new ArrayList<>(HEALTH);
            all.addAll(requests);
            for (int round = 0; round < repetitions; round++) {
                for (final TrainingRequest request : all) {
                    send(client, base, request);
                }
            }
            info.accept("AOT training: live after " + millis(started, live) + " ms; sent " + repetitions + " x "
                    + all.size() + " requests; stopping with SIGTERM");
            process.destroy(); // SIGTERM: the service stops cleanly and the JVM writes the cache as it exits
            if (!process.waitFor(stopTimeout.toSeconds(), TimeUnit.SECONDS)) {
                throw failure("the service did not exit within " + stopTimeout.toSeconds() + " s of SIGTERM");
            }
            // 143 is a JVM ended by SIGTERM without an application handler: its exit hooks still ran.
            if (process.exitValue() != 0 && process.exitValue() != 143) {
                throw failure("the service exited with status " + process.exitValue() + " after SIGTERM");
            }
        } finally {
            if (process.isAlive()) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        final Path cache = distribution.aotCache();
        if (!Files.isRegularFile(cache) || Files.size(cache) == 0) {
            throw failure("the JVM wrote no AOT cache at " + cache);
        }
        info.accept("AOT training: wrote " + cache + " (" + Files.size(cache) / (1024 * 1024) + " MiB) in "
                + millis(started, System.nanoTime()) + " ms");
        return cache;
    }

    private void awaitLive(final Process process, final HttpClient client, final String base)
            throws IOException, InterruptedException {
        final long deadline = System.nanoTime() + startTimeout.toNanos();
        final HttpRequest live = HttpRequest.newBuilder(URI.create(base + "/health/live"))
                .timeout(Duration.ofSeconds(2))
                .build();
        while (true) {
            if (!process.isAlive()) {
                throw failure("the service exited with status " + process.exitValue() + " before it was live");
            }
            try {
                if (client.send(live, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            if (System.nanoTime() > deadline) {
                throw failure("GET /health/live did not answer 200 within " + startTimeout.toSeconds() + " s");
            }
            Thread.sleep(50);
        }
    }

    private void send(final HttpClient client, final String base, final TrainingRequest request)
            throws IOException, InterruptedException {
        if (!request.path().startsWith("/")) {
            throw new TrainingException("The training request \"" + request
                    + "\" has no path starting with '/'; write it as <path>/users</path>");
        }
        final HttpRequest.Builder http =
                HttpRequest.newBuilder(URI.create(base + request.path())).timeout(Duration.ofSeconds(30));
        if (request.body() == null) {
            http.method(request.method(), HttpRequest.BodyPublishers.noBody());
        } else {
            http.header("Content-Type", "application/json")
                    .method(request.method(), HttpRequest.BodyPublishers.ofString(request.body()));
        }
        final HttpResponse<String> response;
        try {
            response = client.send(http.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw failure("the training request " + request + " failed: " + e);
        }
        if (!request.accepts(response.statusCode())) {
            throw failure("the training request " + request + " was answered " + response.statusCode() + " "
                    + abbreviate(response.body()) + ", not " + request.expected()
                    + " (give <status> in the training request when another answer is right)");
        }
    }

    private TrainingException failure(final String what) {
        return new TrainingException("AOT training failed: " + what + ". The service's output (" + log + ") ends:\n"
                + tail(log, 40)
                + "\nSkip training with -Djzenith.aot.skip=true; the service then starts without an AOT cache.");
    }

    static String tail(final Path file, final int lines) {
        try {
            final List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e + ")";
        }
    }

    private static String abbreviate(final String body) {
        return body.length() > 300 ? body.substring(0, 300) + "..." : body;
    }

    private static long millis(final long from, final long to) {
        return TimeUnit.NANOSECONDS.toMillis(to - from);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Training did not produce a cache; the message says why and shows the service's log. */
    static final class TrainingException extends IOException {
        TrainingException(final String message) {
            super(message);
        }
    }
}
