package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
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
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.jzenith.test.Await;
import org.jzenith.test.net.Ports;

/**
 * The README's dev command: {@code --user.store=postgresql --jzenith.profile=dev} runs the service
 * with nothing installed (an embedded PostgreSQL on a free port, its data under {@code target/}),
 * keeps the data for the next start, and never leaves the server behind: not on SIGTERM, and not
 * when the JVM is killed (its watchdog ends the server).
 */
class UserServiceDevServicesIT {

    private static final Duration START = Duration.ofSeconds(90);
    private static final Duration GONE = Duration.ofSeconds(20);
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([^\"]+)\"");

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Test
    void runsOnAnEmbeddedPostgresqlKeepsItsDataAndLeavesNoProcessBehind() throws Exception {
        final Path directory = Path.of(
                        "target", "dev-services-it-" + ProcessHandle.current().pid())
                .toAbsolutePath();
        final Path pidFile = directory.resolve("postgresql/data/postmaster.pid");

        // First run: migrates a fresh cluster, serves, and stops it on SIGTERM.
        final Service first = Service.start(directory);
        final String id;
        final long firstServer;
        try {
            first.awaitReady(http);
            assertThat(first.output())
                    .contains("Dev service (dev profile): started an embedded PostgreSQL at 127.0.0.1:");
            final HttpResponse<String> created = send(first.request("/users")
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"Ada Lovelace\"}"))
                    .build());
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            final Matcher matcher = ID.matcher(created.body());
            assertThat(matcher.find()).as(created.body()).isTrue();
            id = matcher.group(1);
            firstServer = postmaster(pidFile).orElseThrow();
        } finally {
            first.process().destroy();
        }
        assertThat(first.process().waitFor()).as(first.output()).isZero();
        awaitGone(firstServer);

        // Second run: the same data; then the JVM is killed, and the watchdog ends the server.
        final Service second = Service.start(directory);
        final long secondServer;
        try {
            second.awaitReady(http);
            final HttpResponse<String> found =
                    send(second.request("/users/" + id).GET().build());
            assertThat(found.statusCode()).as(found.body()).isEqualTo(200);
            assertThat(found.body()).contains("Ada Lovelace");
            secondServer = postmaster(pidFile).orElseThrow();
        } finally {
            second.process().destroyForcibly();
        }
        second.process().waitFor();
        awaitGone(secondServer);

        // Third run killed together with its watchdog (a kill of the whole process tree): the
        // server stays, and the next start stops it before starting its own on the same data.
        final Service third = Service.start(directory);
        final long leftServer;
        try {
            third.awaitReady(http);
            leftServer = postmaster(pidFile).orElseThrow();
            third.process().descendants().forEach(ProcessHandle::destroyForcibly);
        } finally {
            third.process().destroyForcibly();
        }
        third.process().waitFor();
        assertThat(ProcessHandle.of(leftServer).filter(ProcessHandle::isAlive))
                .as("the server left behind")
                .isPresent();
        final Service fourth = Service.start(directory);
        final long fourthServer;
        try {
            fourth.awaitReady(http);
            assertThat(ProcessHandle.of(leftServer).filter(ProcessHandle::isAlive))
                    .as("the server left behind, after the next start")
                    .isEmpty();
            assertThat(send(fourth.request("/users/" + id).GET().build()).statusCode())
                    .isEqualTo(200);
            fourthServer = postmaster(pidFile).orElseThrow();
        } finally {
            fourth.process().destroy();
        }
        assertThat(fourth.process().waitFor()).as(fourth.output()).isZero();
        awaitGone(fourthServer);
    }

    private HttpResponse<String> send(final HttpRequest request) throws IOException, InterruptedException {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static void awaitGone(final long pid) {
        Await.until(GONE, "the embedded PostgreSQL (process " + pid + ") has gone", () -> ProcessHandle.of(pid)
                .map(process -> !process.isAlive())
                .orElse(true));
    }

    private static Optional<Long> postmaster(final Path pidFile) {
        try {
            return Optional.of(Long.parseLong(Files.readAllLines(pidFile, StandardCharsets.UTF_8)
                    .getFirst()
                    .strip()));
        } catch (final IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The service in a JVM of its own, as the README starts it, its output collected. */
    private record Service(Process process, int port, Path log) {

        static Service start(final Path directory) throws IOException {
            final String java = ProcessHandle.current().info().command().orElse("java");
            final int port = Ports.free();
            Files.createDirectories(directory);
            final Path log = Files.createTempFile(directory, "service-", ".log");
            final List<String> command = new ArrayList<>(List.of(
                    java,
                    "--enable-native-access=ALL-UNNAMED",
                    "--sun-misc-unsafe-memory-access=allow",
                    "-cp",
                    classPath(),
                    UserServiceApplication.class.getName(),
                    "--rest.port=" + port,
                    "--user.store=postgresql",
                    "--jzenith.profile=dev",
                    "--jzenith.dev-services.directory=" + directory));
            final Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            process.getOutputStream().close();
            return new Service(process, port, log);
        }

        /**
         * This JVM's class path with the service's jar replaced by its classes: the jar's manifest
         * adds {@code target/lib/}, which holds the PostgreSQL binaries a second time, and the
         * binaries' resolver refuses two copies.
         */
        private static String classPath() {
            final Path target = Path.of("target").toAbsolutePath();
            final List<String> entries = new ArrayList<>();
            for (final String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
                final Path path = Path.of(entry).toAbsolutePath();
                entries.add(
                        path.getParent().equals(target) && entry.endsWith(".jar")
                                ? target.resolve("classes").toString()
                                : entry);
            }
            return String.join(java.io.File.pathSeparator, entries);
        }

        HttpRequest.Builder request(final String path) {
            return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .timeout(Duration.ofSeconds(10));
        }

        void awaitReady(final HttpClient http) {
            Await.until(START, "the service answers /health/ready", () -> {
                if (!process.isAlive()) {
                    throw new AssertionError("the service ended: " + output());
                }
                try {
                    return http.send(request("/health/ready").GET().build(), HttpResponse.BodyHandlers.discarding())
                                    .statusCode()
                            == 200;
                } catch (final IOException e) {
                    return false;
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            });
        }

        String output() {
            try {
                return Files.readString(log, StandardCharsets.UTF_8);
            } catch (final IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
