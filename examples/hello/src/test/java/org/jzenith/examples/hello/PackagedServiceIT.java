package org.jzenith.examples.hello;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The service as a user runs it, from what {@code ./mvnw package} made: through its launcher
 * ({@code target/hello/bin/hello}) and with plain {@code java -jar target/hello.jar}. Either way it
 * answers, prints no warning a user would have to ignore, and stops on SIGTERM with status 0.
 */
class PackagedServiceIT {

    // In a JSON line the slashes may be escaped (http:\/\/).
    private static final Pattern LISTENING = Pattern.compile("listening on http:(?:\\\\?/){2}[^:]+:(\\d+)");

    @ParameterizedTest
    @ValueSource(strings = {"launcher", "java -jar"})
    void startsAnswersAndStopsCleanlyWithoutWarnings(final String how) throws Exception {
        final List<String> command = new ArrayList<>();
        if (how.equals("launcher")) {
            command.add(Path.of("target/hello/bin/hello").toAbsolutePath().toString());
        } else {
            command.addAll(List.of(
                    javaOfThisJvm(),
                    "-jar",
                    Path.of("target/hello.jar").toAbsolutePath().toString()));
        }
        command.add("--rest.port=0");
        final ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment()
                .put(
                        "JAVA_HOME",
                        Path.of(javaOfThisJvm()).getParent().getParent().toString());
        final Process process = builder.start();
        final List<String> output = new CopyOnWriteArrayList<>();
        final CompletableFuture<Integer> port = new CompletableFuture<>();
        final Thread reader = Thread.ofVirtual().start(() -> read(process, output, port));
        try {
            final HttpResponse<String> response = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(
                                            "http://127.0.0.1:" + port.get(60, TimeUnit.SECONDS) + "/hello?name=Ada"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(response.body()).isEqualTo("{\"message\":\"Hello, Ada!\"}");

            process.toHandle().destroy(); // SIGTERM
            assertThat(process.waitFor(30, TimeUnit.SECONDS))
                    .as("stopped; output: %s", output)
                    .isTrue();
            assertThat(process.exitValue())
                    .as("exit status; output: %s", output)
                    .isZero();
            // The process has ended, but its last lines may still be on their way to the reader.
            assertThat(reader.join(Duration.ofSeconds(10)))
                    .as("read to the end")
                    .isTrue();
            assertThat(output)
                    .as("no warning a user would have to ignore")
                    .noneMatch(line -> line.startsWith("WARNING") || line.contains(" WARN "));
        } finally {
            process.destroyForcibly();
        }
    }

    /**
     * {@code LOG_FORMAT=json}: every line the service logs is one JSON object, the access log's
     * figures among its key-value pairs, for a log collector to read without parsing text.
     */
    @Test
    void logsOneJsonObjectPerLineWhenAskedTo() throws Exception {
        final ProcessBuilder builder = new ProcessBuilder(
                        Path.of("target/hello/bin/hello").toAbsolutePath().toString(),
                        "--rest.port=0",
                        "--rest.access-log.enabled=true")
                .redirectErrorStream(true);
        builder.environment()
                .put(
                        "JAVA_HOME",
                        Path.of(javaOfThisJvm()).getParent().getParent().toString());
        builder.environment().put("LOG_FORMAT", "json");
        final Process process = builder.start();
        final List<String> output = new CopyOnWriteArrayList<>();
        final CompletableFuture<Integer> port = new CompletableFuture<>();
        final Thread reader = Thread.ofVirtual().start(() -> read(process, output, port));
        try {
            HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(
                                            "http://127.0.0.1:" + port.get(60, TimeUnit.SECONDS) + "/hello?name=Ada"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            process.toHandle().destroy(); // SIGTERM: the access log is written out before the exit
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(reader.join(Duration.ofSeconds(10)))
                    .as("read to the end")
                    .isTrue();
            final ObjectMapper json = new ObjectMapper();
            final List<JsonNode> lines = new ArrayList<>();
            for (final String line : output) {
                lines.add(json.readTree(line)); // fails the test on a line that is not JSON
            }
            assertThat(lines).anySatisfy(line -> {
                assertThat(line.path("loggerName").asText()).isEqualTo("jzenith.access");
                assertThat(line.path("level").asText()).isEqualTo("INFO");
                assertThat(line.path("kvpList").toString()).contains("\"route\":\"/hello\"", "\"status\":\"200\"");
            });
        } finally {
            process.destroyForcibly();
        }
    }

    private static String javaOfThisJvm() {
        return ProcessHandle.current().info().command().orElseThrow();
    }

    private static void read(final Process process, final List<String> output, final CompletableFuture<Integer> port) {
        try (BufferedReader reader =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                output.add(line);
                final Matcher listening = LISTENING.matcher(line);
                if (listening.find()) {
                    port.complete(Integer.parseInt(listening.group(1)));
                }
            }
            port.completeExceptionally(new IllegalStateException("exited before listening: " + output));
        } catch (final IOException e) {
            port.completeExceptionally(e);
        }
    }

    static {
        if (!Files.isDirectory(Path.of("target/hello/bin"))) {
            throw new IllegalStateException("run after ./mvnw package: target/hello/bin is missing");
        }
    }
}
